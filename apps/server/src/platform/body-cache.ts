import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Encoded answers kept between requests (decision 0034). A large read that many requests repeat
 * unchanged (the 300-question audit the run view reloads) costs a read of the whole tree, a
 * response-schema encode, JSON and brotli each time; when the caller can name a version of the
 * answer cheaply (a few small queries), the body, its ETag and its compressed forms are made once
 * per version and sent as they are.
 *
 * - `version` must change whenever anything in the body would: the caller builds it from every
 *   input of the body (see modules/audits/read-cache.ts). A stale version can only cost a miss.
 * - Requests that miss the same key and version at once share one read (no thundering herd after
 *   a write).
 * - Bounded by bytes, least recently used out first.
 */
export interface TEncodedBody {
  /** The JSON body as UTF-8 bytes: a socket writes a Buffer without encoding a 365 KB string each time. */
  bytes: Buffer;
  etag: string;
  /** Compressed forms, made the first time a client asks for one. */
  encoded: Partial<Record<TEncoding, Buffer>>;
}
type TEncoding = 'br' | 'gzip';

/** The weak ETag of a JSON body: the same formula as platform/etag.ts's hook. */
export const bodyEtag = (body: string) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/** The compression @fastify/compress applies to answers (headers.ts): brotli quality 4 (text mode), gzip defaults. */
const COMPRESS: Record<TEncoding, (body: Buffer) => Buffer> = {
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (body) => gzipSync(body),
};

/** br, else gzip, when the request accepts it (q > 0); null leaves the answer to the compression plugin. */
export function acceptedEncoding(header: string | undefined): TEncoding | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

interface TSlot {
  version: string;
  entry: Promise<TEncodedBody>;
  bytes: number;
}

export function createBodyCache(maxBytes = 64 * 1024 * 1024) {
  const slots = new Map<string, TSlot>();
  let total = 0;
  const drop = (key: string) => {
    const slot = slots.get(key);
    if (!slot) return;
    total -= slot.bytes;
    slots.delete(key);
  };
  const account = (key: string, slot: TSlot, bytes: number) => {
    if (slots.get(key) !== slot) return;
    total += bytes - slot.bytes;
    slot.bytes = bytes;
    // Least recently used first: a Map keeps insertion order and hits re-insert their key.
    for (const [k] of slots) {
      if (total <= maxBytes) break;
      if (k !== key) drop(k);
    }
  };
  return {
    /** The body of `key` at `version`: kept, or made by `make` (once, however many ask at once). */
    async get(key: string, version: string, make: () => Promise<string>): Promise<TEncodedBody> {
      const slot = slots.get(key);
      if (slot && slot.version === version) {
        slots.delete(key);
        slots.set(key, slot);
        return slot.entry;
      }
      drop(key);
      const fresh: TSlot = {
        version,
        bytes: 0,
        entry: make().then((body) => ({ bytes: Buffer.from(body), etag: bodyEtag(body), encoded: {} })),
      };
      slots.set(key, fresh);
      fresh.entry.then(
        (e) => account(key, fresh, e.bytes.length),
        () => slots.get(key) === fresh && drop(key),
      );
      return fresh.entry;
    },
    /** The compressed form of an entry, made once (and counted in the budget). */
    encode(key: string, entry: TEncodedBody, encoding: TEncoding): Buffer {
      let buffer = entry.encoded[encoding];
      if (!buffer) {
        buffer = entry.encoded[encoding] = COMPRESS[encoding](entry.bytes);
        const slot = slots.get(key);
        if (slot) account(key, slot, slot.bytes + buffer.length);
      }
      return buffer;
    },
    get size() {
      return slots.size;
    },
    get bytes() {
      return total;
    },
  };
}
export type TBodyCache = ReturnType<typeof createBodyCache>;

/**
 * Sends a kept JSON body as the ETag hook and the compression plugin would have: ETag and
 * `private, no-cache`, 304 to a matching If-None-Match, the compressed form the request accepts.
 */
export function sendEncodedBody(request: FastifyRequest, reply: FastifyReply, cache: TBodyCache, key: string, entry: TEncodedBody) {
  reply.header('etag', entry.etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
  const asked = request.headers['if-none-match'];
  if (asked && asked.split(',').some((tag) => tag.trim() === entry.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = entry.bytes.length >= 1024 ? acceptedEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(entry.bytes);
  return reply.header('content-encoding', encoding).send(cache.encode(key, entry, encoding));
}
