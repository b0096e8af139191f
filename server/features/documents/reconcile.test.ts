/**
 * Storage ≡ documents table after a crash (issue 20 §6): files without a row and unfinished
 * writes older than the grace period are removed, younger ones kept, every file a row refers to
 * kept, rows without a file counted; and the regular run does it without a restart. On the disk
 * store and on S3 (a real S3-compatible server, s3rver, on a local port).
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { CreateMultipartUploadCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema';
import { diskStorage, listAllFiles } from '../../platform/storage/disk';
import { s3Storage } from '../../platform/storage/s3';
import type { Storage } from '../../platform/storage/types';
import { makePatient } from '../../test/factories';
import { setupTestApp } from '../../test/harness';
import { reconcileCounts, reconcileStorage, scheduleStorageReconcile } from './reconcile';

const ctx = await setupTestApp();
const db = ctx.database.db;
const patient = await makePatient(db, { name: 'Ion Popescu' });

const HOUR = 60 * 60 * 1000;
const GRACE = 10 * 60 * 1000;

async function addRow(key: string) {
  await db.insert(documents).values({
    patientId: patient.id,
    title: 'Analize',
    filename: 'a.pdf',
    ext: 'pdf',
    mime: 'application/pdf',
    size: 3,
    storageKey: key,
  });
}

describe('on the disk store', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'clinic-reconcile-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const storage = diskStorage(root);
  const place = (rel: string, ageMs: number) => {
    const full = path.join(root, ...rel.split('/'));
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, 'abc');
    const t = new Date(Date.now() - ageMs);
    utimesSync(full, t, t);
  };

  it('removes old files without a row and old unfinished writes, keeps the rest, counts rows without a file', async () => {
    place('documents/kept-old', HOUR); // has its row
    await addRow('documents/kept-old');
    place('documents/kept-young', 0);
    await addRow('documents/kept-young');
    place('documents/orphan-old', HOUR);
    place('documents/orphan-young', 60 * 1000);
    place('documents/upload-old.partial-0123456789ab', HOUR);
    place('documents/upload-young.partial-ba9876543210', 0);
    place('other/not-ours', HOUR);
    await addRow('documents/lost'); // its file is gone

    const r = await reconcileStorage(db, storage, { minAgeMs: GRACE });
    expect(reconcileCounts(r)).toEqual({
      event: 'storage.reconcile',
      matched: 2,
      orphansRemoved: 1,
      partialsRemoved: 1,
      youngSkipped: 2,
      rowsWithoutFile: 1,
    });
    expect(await listAllFiles(root)).toEqual([
      'documents/kept-old',
      'documents/kept-young',
      'documents/orphan-young',
      'documents/upload-young.partial-ba9876543210',
      'other/not-ours',
    ]);
    // At start on the embedded database (nothing in flight) the young leftovers go too.
    const atStart = await reconcileStorage(db, storage, { minAgeMs: 0 });
    expect(atStart.orphansRemoved).toEqual(['documents/orphan-young']);
    expect(atStart.partialsRemoved).toBe(1);
    expect(await listAllFiles(root)).toEqual([
      'documents/kept-old',
      'documents/kept-young',
      'other/not-ours',
    ]);
  });

  it('runs regularly, so a leftover goes without a restart', async () => {
    place('documents/left-by-a-crash', HOUR);
    const runs: unknown[] = [];
    const job = scheduleStorageReconcile(db, storage, { intervalMs: 20, minAgeMs: GRACE }, (c, err) =>
      runs.push(err ?? c),
    );
    try {
      await expect
        .poll(() => listAllFiles(root), { timeout: 5000 })
        .not.toContain('documents/left-by-a-crash');
      await expect.poll(() => runs.length).toBeGreaterThan(0);
      expect(runs[0]).toMatchObject({ event: 'storage.reconcile' });
    } finally {
      job.stop();
    }
  });
});

describe('on S3', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'clinic-reconcile-s3-'));
  const BUCKET = 'clinic-reconcile';
  let server: S3rver;
  let storage: Storage;
  let client: S3Client;
  beforeAll(async () => {
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
      // s3rver computes the canonical path of a bucket listing as "/bucket" where the SDK signs
      // "/bucket/", so it refuses every ListObjectsV2 of SDK v3; the signature is still parsed
      // and checked for form, only the mismatch is let through (s3rver's own option for this).
      allowMismatchedSignatures: true,
    });
    const { port } = await server.run();
    const opts = {
      region: 'eu-central-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    };
    storage = s3Storage({ bucket: BUCKET, ...opts, ...opts.credentials });
    client = new S3Client(opts);
  }, 30000);
  afterAll(async () => {
    client?.destroy();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const put = (key: string) => storage.put(key, Buffer.from('abc'), { contentType: 'application/pdf' });
  const stored = async () =>
    (await storage.list(''))
      .filter((e) => !e.partial)
      .map((e) => e.key)
      .sort();

  it('removes objects without a row once old enough, keeps those with a row, counts rows without an object', async () => {
    await put('documents/s3-kept');
    await addRow('documents/s3-kept');
    await put('documents/s3-orphan');
    await put('other/s3-not-ours');
    await addRow('documents/s3-lost'); // its object is gone
    const rowsBefore = (await db.select().from(documents)).length;

    // Just written: an upload in progress on another node looks the same, so it stays.
    const young = await reconcileStorage(db, storage, { minAgeMs: GRACE });
    expect(young.orphansRemoved).toEqual([]);
    expect(await stored()).toContain('documents/s3-orphan');

    // An hour later it goes; the object a row refers to and what is not ours stay.
    const later = await reconcileStorage(db, storage, { minAgeMs: GRACE, now: Date.now() + HOUR });
    expect(later.orphansRemoved).toEqual(['documents/s3-orphan']);
    expect(later.rowsWithoutFile).toBeGreaterThanOrEqual(1);
    expect(await stored()).toEqual(['documents/s3-kept', 'other/s3-not-ours']);
    // Rows are the record that a document existed: never deleted.
    expect((await db.select().from(documents)).length).toBe(rowsBefore);
  });

  it('never takes an upload a crash left unfinished for a file, and runs on a server that cannot list such uploads', async () => {
    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'documents/s3-crashed' }),
    );
    await client.send(
      new UploadPartCommand({
        Bucket: BUCKET,
        Key: 'documents/s3-crashed',
        UploadId,
        PartNumber: 1,
        Body: 'abc',
      }),
    );
    // s3rver answers ListMultipartUploads with NotImplemented (as some S3-compatible servers do):
    // the run goes on with the objects, and the parts are not an object anyone can read.
    const r = await reconcileStorage(db, storage, { minAgeMs: GRACE, now: Date.now() + HOUR });
    expect(r.partialsRemoved).toBe(0);
    expect(r.orphansRemoved).not.toContain('documents/s3-crashed');
    expect(await stored()).not.toContain('documents/s3-crashed');
    expect(await storage.exists('documents/s3-crashed')).toBe(false);
  });
});
