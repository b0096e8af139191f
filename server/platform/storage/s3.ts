import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { assertKey, type Storage, StorageNotFoundError, type StoredEntry } from './types';

export type S3Options = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Bytes buffered per multipart part (S3's minimum is 5 MiB). */
  partSize?: number;
};

const DEFAULT_PART = 8 * 1024 * 1024;

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * An S3-compatible bucket. Small bodies go up in one PutObject; larger ones as a multipart upload
 * with bounded memory (one part at a time). Either way S3 shows the object only once it is
 * complete, and a failed multipart upload is aborted so no parts linger.
 */
export function s3Storage(opts: S3Options): Storage {
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
    // Many S3-compatible servers do not implement the SDK's default streaming checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = opts.bucket;
  const partSize = Math.max(opts.partSize ?? DEFAULT_PART, 5 * 1024 * 1024);

  async function putMultipart(key: string, first: Buffer, rest: AsyncIterator<Buffer>, contentType: string) {
    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }),
    );
    const parts: { ETag?: string; PartNumber: number }[] = [];
    let size = 0;
    try {
      const send = async (body: Buffer) => {
        const PartNumber = parts.length + 1;
        const r = await client.send(
          new UploadPartCommand({
            Bucket,
            Key: key,
            UploadId,
            PartNumber,
            Body: body,
            ContentLength: body.length,
          }),
        );
        parts.push({ ETag: r.ETag, PartNumber });
        size += body.length;
      };
      let pending: Buffer[] = [first];
      let pendingLength = first.length;
      for (;;) {
        const next = await rest.next();
        if (next.done) break;
        pending.push(next.value);
        pendingLength += next.value.length;
        if (pendingLength >= partSize) {
          await send(Buffer.concat(pending, pendingLength));
          pending = [];
          pendingLength = 0;
        }
      }
      if (pendingLength > 0) await send(Buffer.concat(pending, pendingLength));
      await client.send(
        new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }),
      );
      return { size };
    } catch (err) {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId })).catch(() => {});
      throw err;
    }
  }

  return {
    kind: 's3',

    async put(key, body, { contentType }) {
      assertKey(key);
      if (Buffer.isBuffer(body) && body.length < partSize) {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: body,
            ContentType: contentType,
            ContentLength: body.length,
          }),
        );
        return { size: body.length };
      }
      // Read the stream until one part is full: a small file never needs a multipart upload.
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      const it = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      const head: Buffer[] = [];
      let headLength = 0;
      try {
        while (headLength < partSize) {
          const next = await it.next();
          if (next.done) {
            const whole = Buffer.concat(head, headLength);
            await client.send(
              new PutObjectCommand({
                Bucket,
                Key: key,
                Body: whole,
                ContentType: contentType,
                ContentLength: whole.length,
              }),
            );
            return { size: whole.length };
          }
          const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
          head.push(chunk);
          headLength += chunk.length;
        }
      } catch (err) {
        source.destroy();
        throw err;
      }
      try {
        return await putMultipart(key, Buffer.concat(head, headLength), it, contentType);
      } finally {
        source.destroy();
      }
    },

    async get(key) {
      assertKey(key);
      try {
        const r = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return r.Body as Readable;
      } catch (err) {
        if (isNotFound(err)) throw new StorageNotFoundError(key);
        throw err;
      }
    },

    async delete(key) {
      assertKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    },

    async exists(key) {
      assertKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
    },

    async list(prefix) {
      const out: StoredEntry[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const o of page.Contents ?? [])
          if (o.Key) out.push({ key: o.Key, modifiedMs: o.LastModified?.getTime() ?? 0, partial: false });
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      // Incomplete multipart uploads (a process killed mid-upload); not every S3-compatible server
      // lists them, and then there is nothing of ours to clean.
      try {
        let KeyMarker: string | undefined;
        let UploadIdMarker: string | undefined;
        do {
          const page = await client.send(
            new ListMultipartUploadsCommand({ Bucket, Prefix: prefix, KeyMarker, UploadIdMarker }),
          );
          for (const u of page.Uploads ?? [])
            if (u.Key && u.UploadId)
              out.push({
                key: u.Key,
                uploadId: u.UploadId,
                modifiedMs: u.Initiated?.getTime() ?? 0,
                partial: true,
              });
          KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
          UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
        } while (KeyMarker);
      } catch {}
      return out;
    },

    async removePartial(entry) {
      assertKey(entry.key);
      if (!entry.uploadId) throw new Error('removePartial: not an unfinished upload');
      await client.send(
        new AbortMultipartUploadCommand({ Bucket, Key: entry.key, UploadId: entry.uploadId }),
      );
    },
  };
}
