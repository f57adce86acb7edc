import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile, rename } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { TConfig } from '../config.js';
import { assertKey, type TFileStore } from './file-store.js';
import { createS3Store } from './storage-s3.js';

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
    async exists(key) {
      return stat(path(key)).then(
        (found) => found.isFile(),
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return false;
          throw error;
        },
      );
    },
    async putStream(key, source) {
      const target = path(key);
      await mkdir(dirname(target), { recursive: true });
      const partial = `${target}.${randomUUID()}.part`;
      try {
        await pipeline(source, createWriteStream(partial));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async getStream(key) {
      try {
        const { size } = await stat(path(key));
        return { stream: createReadStream(path(key)), size };
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

export function createFileStore(
  config: Pick<TConfig, 'DATA_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>,
): TFileStore {
  if (config.S3_BUCKET) {
    return createS3Store({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
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
