import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { assertKey, type TFileStore } from './file-store.js';

export interface TS3Options {
  bucket: string;
  /** Unset for AWS itself; the server's URL for MinIO, Ceph, R2, ... */
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (AWS_* variables, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** The bucket of the spec's object storage; any S3-compatible server works with an endpoint. */
export function createS3Store(options: TS3Options): TFileStore {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Recent SDKs add CRC checksums to every request by default; several S3-compatible servers
    // reject or ignore them. Send them only where S3 requires them.
    ...(options.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED' as const, responseChecksumValidation: 'WHEN_REQUIRED' as const } : {}),
  });
  const Bucket = options.bucket;
  return {
    description: `S3 bucket ${Bucket}${options.endpoint ? ` at ${new URL(options.endpoint).host}` : ''}`,
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: assertKey(key), Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: assertKey(key) }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        const name = (error as { name?: string }).name;
        if (name === 'NoSuchKey' || name === 'NotFound') return null;
        throw error;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: assertKey(key) }));
        return true;
      } catch (error) {
        const name = (error as { name?: string }).name;
        if (name === 'NoSuchKey' || name === 'NotFound') return false;
        throw error;
      }
    },
    async putStream(key, source, size, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: assertKey(key), Body: source, ContentType: contentType, ContentLength: size }));
    },
    async getStream(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: assertKey(key) }));
        if (!res.Body) return null;
        return { stream: res.Body as Readable, size: res.ContentLength ?? 0 };
      } catch (error) {
        const name = (error as { name?: string }).name;
        if (name === 'NoSuchKey' || name === 'NotFound') return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: assertKey(key) }));
    },
  };
}
