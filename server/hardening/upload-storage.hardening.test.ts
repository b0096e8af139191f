/**
 * Upload attacks re-run with both storage drivers (disk, and S3 through a local s3rver): hostile
 * file names, impostors, empty, oversized and cut-off bodies, extra and repeated parts. After
 * every request the stored files and the documents table hold exactly the same set, and a
 * refused upload changed no row.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { documents } from '../db/schema';
import { ACCEPTED, IMPOSTORS, PDF } from '../features/documents/test/samples';
import { listAllFiles } from '../platform/storage/disk';
import { makePatient } from '../test/factories';
import { setupTestApp, signedInStaff } from '../test/harness';
import { nastyString } from './arbitraries';
import { changeCount, documentParts, fuzzSeed, installChangeCounter } from './fuzz';
import { multipart, type Part } from './seed';

const MAX = 64 * 1024;
const RUNS = Number(process.env.UPLOAD_FUZZ_RUNS ?? 150);
const s3Dir = mkdtempSync(path.join(os.tmpdir(), 's3rver-hardening-'));
const s3 = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory: s3Dir,
  configureBuckets: [{ name: 'clinic-hardening', configs: [] }],
});
const { port } = await s3.run();
afterAll(async () => {
  await s3.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

const drivers = {
  disk: {
    env: {},
    keys: async (dataDir: string) => listAllFiles(path.join(dataDir, 'files')),
  },
  s3: {
    env: {
      S3_BUCKET: 'clinic-hardening',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    // s3rver keeps each object as `<key>._S3rver_object` (plus metadata files) on disk.
    keys: async () =>
      (await listAllFiles(path.join(s3Dir, 'clinic-hardening')))
        .filter((f) => f.endsWith('._S3rver_object'))
        .map((f) => f.slice(0, -'._S3rver_object'.length)),
  },
};

const NAMES = [
  'analize.pdf',
  'EKG.JPG',
  '../../../etc/passwd.pdf',
  '..\\..\\boot.ini.png',
  'x.pdf.exe',
  'a"b;c.pdf',
  '%2e%2e%2fx.pdf',
  '<img src=x onerror=alert(1)>.pdf',
  `${'n'.repeat(300)}.pdf`,
  'fara-extensie',
  '.pdf',
];
const contents = [PDF, ...Object.values(ACCEPTED), ...Object.values(IMPOSTORS).map(([, b]) => b)];

describe.each(Object.keys(drivers) as (keyof typeof drivers)[])('upload attacks on the %s driver', (name) => {
  it(`${RUNS} hostile uploads: files and rows always match, refusals change nothing`, async () => {
    const driver = drivers[name];
    const ctx = await setupTestApp({ env: { UPLOAD_MAX_BYTES: String(MAX), ...driver.env } });
    const staff = await signedInStaff(ctx);
    const patient = await makePatient(ctx.database.db);
    await installChangeCounter(ctx);
    const ids = { patients: [patient.id] } as never;

    const hostileFile = fc.tuple(
      fc.constantFrom(...NAMES),
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...contents) },
        { weight: 1, arbitrary: fc.constant(Buffer.concat([PDF, randomBytes(MAX)])) },
        { weight: 1, arbitrary: fc.uint8Array({ maxLength: 4096 }).map((a) => Buffer.from(a)) },
      ),
    );
    const upload = fc.record({
      title: fc.oneof(
        { weight: 3, arbitrary: fc.constant('Analize') },
        { weight: 1, arbitrary: nastyString },
      ),
      patientId: fc.oneof(
        { weight: 3, arbitrary: fc.constant(String(patient.id)) },
        { weight: 1, arbitrary: fc.constantFrom('0', '-1', '99999999999', 'x') },
      ),
      file: fc.oneof(
        {
          weight: 2,
          arbitrary: fc.constantFrom(
            ...Object.entries(ACCEPTED).map(([ext, b]) => [`scan.${ext}`, b] as const),
          ),
        },
        { weight: 1, arbitrary: fc.constantFrom(...Object.values(IMPOSTORS)) },
        { weight: 2, arbitrary: hostileFile },
      ),
      extra: fc.oneof(
        { weight: 2, arbitrary: fc.constant([] as Part[]) },
        { weight: 1, arbitrary: documentParts({ ids }) },
      ),
      fileFirst: fc.boolean(),
      cut: fc.option(fc.integer({ min: 10, max: 400 }), { freq: 5 }),
    });

    let before = await changeCount(ctx);
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(upload, async (u) => {
        const [filename, data] = u.file;
        const file: Part = { name: 'document', filename, data, type: 'application/octet-stream' };
        const fields: Part[] = [
          { name: 'title', value: u.title },
          { name: 'patient_id', value: u.patientId },
        ];
        const body = multipart(u.fileFirst ? [file, ...fields, ...u.extra] : [...fields, file, ...u.extra]);
        const payload = u.cut ? body.payload.subarray(0, body.payload.length - u.cut) : body.payload;
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/documents',
          headers: { ...staff.headers, 'content-type': body.contentType },
          payload,
        });
        expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
        const after = await changeCount(ctx);
        if (res.statusCode >= 400) expect(after, `${res.statusCode} changed rows`).toBe(before);
        else accepted++;
        before = after;
        // Stored files and rows match (a refused upload's temporary copy may still be going away).
        const rows = await ctx.database.db.select({ key: documents.storageKey }).from(documents);
        const stored = (await driver.keys(ctx.dataDir)).filter((k) => !k.includes('.partial-'));
        expect(stored.sort()).toEqual(rows.map((r) => r.key).sort());
      }),
      { numRuns: RUNS, endOnFailure: true, seed: fuzzSeed(`upload ${name}`) },
    );
    expect(accepted).toBeGreaterThan(0);
    // ...and soon no temporary copy is left either.
    await expect
      .poll(async () => (await driver.keys(ctx.dataDir)).filter((k) => k.includes('.partial-')), {
        timeout: 5000,
      })
      .toEqual([]);
  }, 300000);
});
