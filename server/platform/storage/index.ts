import path from 'node:path';
import type { Config } from '../../config';
import { diskStorage } from './disk';
import { s3Storage } from './s3';
import type { Storage } from './types';

export { type Storage, StorageNotFoundError } from './types';

const cache = new Map<string, Storage>();

type StorageConfig = Pick<
  Config,
  | 'dataDir'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/**
 * The file storage the configuration names: the S3 bucket when S3_BUCKET is set (config.ts
 * requires its keys with it), otherwise DATA_DIR/files. One instance per target, so every
 * feature shares the same S3 client (connection pool).
 */
export function getStorage(config: StorageConfig): Storage {
  const id = config.S3_BUCKET
    ? `s3:${config.S3_ENDPOINT ?? ''}:${config.S3_BUCKET}:${config.S3_ACCESS_KEY_ID}`
    : `disk:${config.dataDir}`;
  let storage = cache.get(id);
  if (!storage) {
    storage =
      config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? s3Storage({
            bucket: config.S3_BUCKET,
            region: config.S3_REGION,
            endpoint: config.S3_ENDPOINT,
            accessKeyId: config.S3_ACCESS_KEY_ID,
            secretAccessKey: config.S3_SECRET_ACCESS_KEY,
            forcePathStyle: config.S3_FORCE_PATH_STYLE,
          })
        : diskStorage(path.join(config.dataDir, 'files'));
    cache.set(id, storage);
  }
  return storage;
}
