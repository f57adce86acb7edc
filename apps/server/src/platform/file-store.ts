import type { Readable } from 'node:stream';
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
  /** Whether bytes are stored under the key, without reading them (a restored database may name files its store lacks). */
  exists(key: string): Promise<boolean>;
  /**
   * Streams `size` bytes from `source` under the key without holding them in memory (documents,
   * decision 0088); the key holds the whole file or nothing.
   */
  putStream(key: string, source: Readable, size: number, contentType: string): Promise<void>;
  /** The bytes as a stream with their length, or null when nothing is stored under the key. */
  getStream(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removing a missing key is not an error (deletes are retried after crashes). */
  remove(key: string): Promise<void>;
}

/** Keys are made by the server (ids and fixed words); anything else is refused before it reaches a path. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;
export function assertKey(key: string): string {
  if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`invalid storage key ${key}`);
  return key;
}
