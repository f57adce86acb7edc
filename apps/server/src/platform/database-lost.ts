/**
 * Whether an error means the database could not be reached or dropped the session (a restart, a
 * failover, a killed backend, a network cut), as opposed to a query it refused. Such a request
 * saved nothing: it answers 503 with Retry-After (errors.ts), and the same request can be sent again.
 * Drivers wrap their errors (drizzle's DrizzleQueryError keeps the driver's as `cause`).
 */
const LOST_SQLSTATES = new Set([
  '57P01', // admin_shutdown: restart, pg_terminate_backend
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08P01',
]);
const LOST_SYSTEM_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const LOST_MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable/;

export function isDatabaseLost(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (LOST_SQLSTATES.has(code) || LOST_SYSTEM_CODES.has(code))) return true;
    if (typeof message === 'string' && LOST_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}

/** Seconds a client should wait before sending the same request again. */
export const RETRY_AFTER_SECONDS = 2;
