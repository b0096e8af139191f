import data from './data/ro-counties.json';

export type County = { iso_code: string; name: string; cnp_codes: string[] };

/** The 42 ISO 3166-2:RO subdivisions with their Romanian names and CNP county codes. */
/** In Romanian alphabetical order (Brașov before Brăila, Călărași after Caraș-Severin), as people look a county up. */
export const COUNTIES: County[] = [...data.counties].sort((a, b) => a.name.localeCompare(b.name, 'ro'));

export const COUNTY_CODES = COUNTIES.map((c) => c.iso_code);

export function countyName(iso: string | null | undefined): string {
  return COUNTIES.find((c) => c.iso_code === iso)?.name ?? '';
}
