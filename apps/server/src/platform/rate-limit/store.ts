import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { runPrepared, type TDatabase } from '../db.js';

/**
 * @fastify/rate-limit's store on the database (table rate_limit_hits): one upsert per counted
 * request, which opens a new window when the last one has ended. The plugin keeps its own rules
 * (max, time window, the 429); only where the count lives changes. Same figures as its memory
 * store for one server, and several servers share them.
 */
const HIT = `insert into rate_limit_hits as r (key, hits, reset_at) values ($1, 1, now() + $2 * interval '1 millisecond')
  on conflict (key) do update set
    hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
    reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
  returning hits, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl`;
const READ = `select case when reset_at <= now() then 0 else hits end as hits,
    greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl
  from rate_limit_hits where key = $1`;

type TCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;
type TRow = { hits: number; ttl: number };

function databaseStore(db: TDatabase) {
  return class DatabaseStore {
    private readonly prefix: string;
    // The plugin constructs the root store with its options; children get their route's prefix.
    constructor(_options?: unknown, prefix = 'rl:') {
      this.prefix = prefix;
    }

    incr(key: string, callback: TCallback, timeWindow: number) {
      runPrepared<TRow>(db, 'rate_limit_hit', HIT, [this.prefix + key, timeWindow]).then(
        ([row]) => callback(null, { current: Number(row!.hits), ttl: Number(row!.ttl) }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: TCallback) {
      runPrepared<TRow>(db, 'rate_limit_read', READ, [this.prefix + key]).then(
        ([row]) => callback(null, { current: Number(row?.hits ?? 0), ttl: Number(row?.ttl ?? 0) }),
        (error: Error) => callback(error),
      );
    }

    /** Each limited route counts on its own (the plugin asks for a child per route). */
    child(options: unknown) {
      // At run time the plugin passes its merged route parameters, with the route under `routeInfo`.
      const route = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new DatabaseStore(undefined, `rl:${[route.method ?? ''].flat().join(',')}${route.url ?? ''}:`);
    }
  };
}

/**
 * Registers the rate-limit plugin in a module's routes (`global: false`: only routes with a
 * `rateLimit` config are limited) with the database store. The store's own failure (the database
 * lost) fails the request: 503, as any request would (platform/database-lost.ts).
 */
export async function registerRateLimits(app: FastifyInstance, db: TDatabase) {
  await app.register(rateLimit, { global: false, store: databaseStore(db), skipOnError: false });
}
