import type { Config } from '../config';
import type { Db } from './client';

/** Placeholder: filled in by the demo-data commit. */
export async function seedDemoDataIfEmpty(_db: Db, _config: Config): Promise<{ banner: string } | null> {
  return null;
}
