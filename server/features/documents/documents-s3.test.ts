/**
 * The same upload rules with the S3 driver, against a real S3-compatible server (s3rver on a
 * local port): accepted, refused by content, too large, opened and deleted; the bucket and the
 * table hold the same set of files after each step.
 */

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { afterAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema';
import { listAllFiles } from '../../platform/storage/disk';
import { makePatient } from '../../test/factories';
import { setupTestApp, signedInStaff } from '../../test/harness';
import { IMPOSTORS, PDF } from './test/samples';

const MAX = 64 * 1024;
const s3Dir = mkdtempSync(path.join(os.tmpdir(), 's3rver-docs-'));
const s3 = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory: s3Dir,
  configureBuckets: [{ name: 'clinic-docs', configs: [] }],
});
const { port } = await s3.run();
afterAll(async () => {
  await s3.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

const ctx = await setupTestApp({
  env: {
    UPLOAD_MAX_BYTES: String(MAX),
    S3_BUCKET: 'clinic-docs',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  },
});
const staff = await signedInStaff(ctx);
const db = ctx.database.db;

const patient = await makePatient(db, { name: 'Elena Stoica' });

function upload(filename: string, data: Buffer) {
  const form = new FormData();
  form.append('title', 'Analize');
  form.append('patient_id', String(patient.id));
  form.append('document', new Blob([new Uint8Array(data)]), filename);
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return req.arrayBuffer().then((body) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { ...staff.headers, 'content-type': req.headers.get('content-type') as string },
      payload: Buffer.from(body),
    }),
  );
}

/** Object keys in the bucket (s3rver keeps each object as `<key>._S3rver_object` on disk). */
async function bucketKeys(): Promise<string[]> {
  const files = await listAllFiles(path.join(s3Dir, 'clinic-docs'));
  return files
    .filter((f) => f.startsWith('documents/') && f.endsWith('._S3rver_object'))
    .map((f) => f.slice(0, -'._S3rver_object'.length))
    .sort();
}

async function expectConsistent() {
  const rows = await db.select({ key: documents.storageKey }).from(documents);
  expect(await bucketKeys()).toEqual(rows.map((r) => r.key).sort());
}

describe('documents on S3-compatible storage', () => {
  it('stores an accepted file in the bucket, opens it and deletes it', async () => {
    const res = await upload('externare.pdf', PDF);
    expect(res.statusCode).toBe(200);
    const id = res.json().id;
    expect((await bucketKeys()).length).toBe(1);
    await expectConsistent();

    const { url } = (
      await ctx.app.inject({ method: 'GET', url: `/api/documents/${id}/url`, headers: staff.headers })
    ).json();
    const file = await ctx.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');

    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/documents/${id}`,
      headers: staff.headers,
    });
    expect(del.statusCode).toBe(200);
    expect(await bucketKeys()).toEqual([]);
    await expectConsistent();
  });

  it('leaves nothing in the bucket after refused or oversized uploads', async () => {
    const [name, data] = IMPOSTORS['an ELF executable renamed .pdf'];
    expect((await upload(name, data)).statusCode).toBe(400);
    expect((await upload('gol.pdf', Buffer.alloc(0))).statusCode).toBe(400);
    expect((await upload('mare.pdf', Buffer.concat([PDF, randomBytes(MAX)]))).statusCode).toBe(413);
    expect(await bucketKeys()).toEqual([]);
    await expectConsistent();
  });
});
