import { mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { TConfig } from '../config.js';
import { createS3Store } from './storage-s3.js';

/**
 * Where file bytes live: local disk under DATA_DIR/files by default, an S3 bucket (AWS or any
 * S3-compatible server) when S3_BUCKET is set. Rows describing the files are in the database
 * (modules/files); this layer only knows keys and bytes, so it holds no tenant logic.
 */
export interface TFileStore {
  /** For the start-up banner. */
  description: string;
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removing a missing key is not an error (deletes are retried after crashes). */
  remove(key: string): Promise<void>;
}

/** Keys are made by the server (ids and fixed words); anything else is refused before it reaches a path. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;
export function assertKey(key: string): string {
  if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`invalid storage key ${key}`);
  return key;
}

export function createLocalStore(root: string): TFileStore {
  const path = (key: string) => join(root, assertKey(key));
  return {
    description: `local disk ${root}`,
    async put(key, bytes) {
      const target = path(key);
      await mkdir(dirname(target), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const partial = `${target}.${randomUUID()}.part`;
      await writeFile(partial, bytes);
      await rename(partial, target);
    },
    async get(key) {
      try {
        return await readFile(path(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(path(key), { force: true });
    },
  };
}

export function createFileStore(config: Pick<TConfig, 'DATA_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>): TFileStore {
  if (config.S3_BUCKET) {
    return createS3Store({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials: config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } : undefined,
    });
  }
  return createLocalStore(join(config.DATA_DIR, 'files'));
}

/** One store per configuration (the app's config object), so every module shares the S3 client. */
const stores = new WeakMap<object, TFileStore>();
export function fileStoreOf(config: TConfig): TFileStore {
  let store = stores.get(config);
  if (!store) stores.set(config, (store = createFileStore(config)));
  return store;
}
