import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { TOTAL_COUNT_HEADER } from '@audit/domain/search';
import { buildApp } from '../app.js';
import { createTenant, signIn, type TTenant } from '../test/factories.js';
import { openTestDatabase, testConfig, type TApiClient } from '../test/harness.js';
import type { TListen } from './db.js';

/**
 * A list's total is kept between requests while the database notifies the changes of its tables
 * (decision 0028), and a notification arrives after the commit, on another connection. Here they
 * arrive late (LATE_MS), as on a loaded machine: a list asked for right after this server's own
 * write must still count it (migration 0069: the committing connection names the tables it changed).
 * CI once saw an audit's incidents list empty right after its finish (stop 39, reopen.test.ts).
 */
const LATE_MS = 3000;
const CLIENTS = '/ms-core/api/structures/clients/search';

let app: FastifyInstance;
let close: () => Promise<void>;
let a: TTenant;
let admin: TApiClient;
let delivered = 0;

beforeAll(async () => {
  const { handle, drop } = await openTestDatabase();
  const lateListen: TListen = (channel, onMessage, onLost) =>
    handle.listen(
      channel,
      (payload) => {
        setTimeout(() => {
          delivered++;
          onMessage(payload);
        }, LATE_MS).unref();
      },
      onLost,
    );
  app = await buildApp({ config: testConfig(), db: handle.db, listen: lateListen, logger: false });
  await app.ready();
  close = async () => {
    await app.close();
    await handle.close();
    await drop();
  };
  a = await createTenant(handle.db, 'own');
  admin = (await signIn(app, a.admin.email)).api;
}, 120_000);
afterAll(() => close?.());

const listed = async () => {
  const res = await admin.post(CLIENTS, { size: 50, page: 0 });
  expect(res.status).toBe(200);
  return { total: Number(res.headers[TOTAL_COUNT_HEADER]), names: (res.body as { name: string }[]).map((c) => c.name) };
};

describe('a list right after this server’s own write, its notification not arrived yet', () => {
  it('counts the new client, and the one deleted after it is gone, in the same second', async () => {
    // Twice: the second answer is the kept total (the subscription is live by then).
    const before = await listed();
    expect(await listed()).toEqual(before);
    const seenBefore = delivered;

    const created = await admin.post('/ms-core/api/structures', { name: 'Hotel Recién Creado', address: 'Calle Mayor 1', zipCode: 46001 });
    expect(created.status).toBe(200);
    const after = await listed();
    expect(after.total).toBe(before.total + 1);
    expect(after.names).toContain('Hotel Recién Creado');

    const removed = await admin.delete(`/ms-core/api/structures/${created.body._id}`);
    expect(removed.status).toBeLessThan(300);
    expect(await listed()).toEqual(before);
    // The database's notifications had not arrived meanwhile: the server's own commits told it.
    expect(delivered).toBe(seenBefore);
  });
});
