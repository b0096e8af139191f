import data from './data/ro-counties.json';

export type County = { iso_code: string; name: string; cnp_codes: string[] };

/** The 42 ISO 3166-2:RO subdivisions with their Romanian names and CNP county codes. */
export const COUNTIES: County[] = data.counties;

export const COUNTY_CODES = COUNTIES.map((c) => c.iso_code);

export function countyName(iso: string | null | undefined): string {
  return COUNTIES.find((c) => c.iso_code === iso)?.name ?? '';
}
