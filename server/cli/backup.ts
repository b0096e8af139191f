/**
 * `npm run backup -- [archive.tar.gz]`: the database and the stored documents in one archive.
 * Embedded database: a copy of its data directory, taken while the server is stopped.
 * PostgreSQL (DATABASE_URL): pg_dump, which is consistent while the server runs.
 * Documents on S3 are not in the archive (use the bucket's versioning or replication).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config';
import { assertServerStopped, type Manifest, run } from './backup-common';

const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = path.resolve(process.argv[2] ?? `clinic-backup-${stamp}.tar.gz`);
const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
const work = mkdtempSync(path.join(os.tmpdir(), 'clinic-backup-'));
try {
  const hasFiles = !config.S3_BUCKET && existsSync(path.join(config.dataDir, 'files'));
  const manifest: Manifest = { format: 1, kind, createdAt: new Date().toISOString(), files: hasFiles };
  writeFileSync(path.join(work, 'manifest.json'), JSON.stringify(manifest, null, 2));
  const parts: string[] = ['-C', work, 'manifest.json'];
  if (kind === 'postgres') {
    run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      '--file',
      path.join(work, 'database.dump'),
      '--dbname',
      String(config.DATABASE_URL),
    ]);
    parts.push('database.dump');
  } else {
    assertServerStopped(config.dataDir);
    if (!existsSync(path.join(config.dataDir, 'db'))) {
      console.error(`No embedded database in ${config.dataDir}/db.`);
      process.exit(1);
    }
  }
  const fromDataDir = [
    ...(kind === 'pglite' ? ['db'] : []),
    ...(hasFiles ? ['files'] : []),
    ...(existsSync(path.join(config.dataDir, 'auth-secret')) ? ['auth-secret'] : []),
  ];
  if (fromDataDir.length) parts.push('-C', config.dataDir, ...fromDataDir);
  run('tar', [
    '--create',
    '--gzip',
    '--file',
    out,
    '--exclude=db/server.lock',
    '--exclude=*.partial-*',
    ...parts,
  ]);
  console.log(`Backup written to ${out} (${kind}${hasFiles ? ', documents included' : ''}).`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
