import { request } from 'node:http';
import { loadavg } from 'node:os';
import { hashPassword } from '../apps/server/src/platform/passwords.js';
import { unsafeUnscoped } from '../apps/server/src/platform/tenancy.js';
import { createRootSpace, createSpace, createUser } from '../apps/server/src/seed/build.js';
import { startServer } from './lib.js';

/**
 * Issue 26's memory figure (decision 0088): 20 files of 5 MB uploaded at once to the documents,
 * each a real multipart request whose body is generated chunk by chunk (the sender holds none of it).
 * The server runs in this process: its resident memory before, at its peak (sampled every 20 ms)
 * and after. Uploads stream to a temporary file and the store, so the peak stays far below the
 * 100 MB sent. `npm run bench pglite documents`.
 */
const FILES = 20;
const SIZE = 5 * 1024 * 1024;
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

function upload(base: string, token: string, folder: string, index: number) {
  const boundary = `----bench${index}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="folder"\r\n\r\n${folder}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="plan-${index}.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const bodySize = SIZE - 9;
  return new Promise<number>((done, fail) => {
    const req = request(`${base}/ms-core/api/documents/upload`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + bodySize + tail.length),
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('error', fail);
    req.write(head);
    let sent = 0;
    const pump = () => {
      while (sent < bodySize) {
        const part = chunk.subarray(0, Math.min(chunk.length, bodySize - sent));
        sent += part.length;
        if (!req.write(part)) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
}

export async function benchDocuments(engine: 'pglite' | 'postgres') {
  const load = loadavg().map((x) => x.toFixed(1));
  const server = await startServer(engine);
  try {
    const password = 'Bench1234!';
    const passwordHash = await hashPassword(password);
    const client = await unsafeUnscoped(server.db, async (tx) => {
      const root = await createRootSpace(tx, { name: 'Bench', identifier: 'bench-docs' });
      const hotel = await createSpace(tx, { name: 'Hotel', parent: root.space });
      await createUser(tx, { email: 'client@bench.test', password, passwordHash, firstName: 'Client', home: hotel, roleIds: [root.roles.USER!] });
      return hotel;
    });
    const signin = await fetch(`${server.base}/auth/api/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'client@bench.test', password }),
    });
    const { accessToken } = (await signin.json()) as { accessToken: string };
    const folder = await fetch(`${server.base}/ms-core/api/documents/folders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ space: client.id, name: 'Bench' }),
    });
    const folderId = ((await folder.json()) as { _id: string })._id;
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const started = performance.now();
    const statuses = await Promise.all(Array.from({ length: FILES }, (_, i) => upload(server.base, accessToken, folderId, i)));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    global.gc?.();
    const after = process.memoryUsage().rss;
    const failed = statuses.filter((s) => s !== 200);
    if (failed.length) throw new Error(`${failed.length} uploads failed (e.g. ${failed[0]})`);
    return [
      {
        line: `${FILES} files of ${SIZE / 1024 / 1024} MB at once`,
        'sent MB': mb(FILES * SIZE),
        'rss before MB': mb(before),
        'rss peak MB': mb(peak),
        'rss after MB': mb(after),
        'peak - before MB': mb(peak - before),
        seconds: Math.round(seconds * 10) / 10,
        load: load.join(' '),
      },
    ];
  } finally {
    await server.stop();
  }
}
