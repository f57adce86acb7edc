import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's helmet options, over the global ones (web.ts: the hashed assets). */
    helmet?: HelmetOptions;
  }
}

/**
 * The Content-Security-Policy the web app passes (decision 0017), checked in Chromium on the
 * sign-in page, the audit lists, the run view and the report (e2e/csp.spec.ts):
 * - scripts only from this origin, none inline (Vite emits module files; index.html has no inline script);
 * - styles from this origin and inline: Ant Design's CSS-in-JS writes `<style>` elements at run time
 *   and a static index.html cannot carry a per-response nonce (the service worker serves it offline);
 * - images from this origin, `data:` (Ant Design's icons and empty states) and `blob:` (photos taken
 *   or queued offline are shown from blob URLs before they are uploaded);
 * - the API, the service worker and its precache on this origin only; no plugin, no framing by others;
 * - no upgrade-insecure-requests: the app is also served over plain HTTP (a LAN, the tests).
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  // The documents' PDF preview is an iframe of a blob URL the app made from its own fetch (0088).
  'frame-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

/**
 * Hashed scripts and styles: only the headers that matter for a subresource (nosniff, same-origin
 * resource policy). The document's headers (CSP, framing, referrer, HSTS...) act on the page and
 * the service worker, not on a script it loads; sent with each of the sign-in page's ~40 chunks they
 * would be about a third of its bytes on a slow network.
 */
export const ASSET_HELMET = {
  contentSecurityPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} as const;

const GLOBAL_HELMET: HelmetOptions = { contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY } };

/**
 * The headers helmet sets with these options, computed once: they depend on nothing of the request
 * (no nonce, no directive computed per request). @fastify/helmet built helmet's middleware again
 * for every request (its options parsed, the CSP directives validated and joined): 7 % of the
 * server's CPU on an answer (decision 0050).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

/** Security headers (helmet) on every answer, the API's included (a route may give its own options). Registered before the routes. */
export function registerSecurityHeaders(app: FastifyInstance) {
  const global = securityHeaders(GLOBAL_HELMET);
  const perRoute = new WeakMap<HelmetOptions, Record<string, string>>();
  const forRoute = (options: HelmetOptions) => {
    let headers = perRoute.get(options);
    if (!headers) perRoute.set(options, (headers = securityHeaders({ ...GLOBAL_HELMET, ...options } as HelmetOptions)));
    return headers;
  };
  app.addHook('onRequest', (request, reply, done) => {
    const own = request.routeOptions.config?.helmet;
    reply.headers(own ? forRoute(own) : global);
    done();
  });
}

/**
 * Compression of the API's answers (JSON: the audit of the run view is about 365 KB, 70 KB
 * compressed). The web app's files are compressed once at build time instead (web.ts); an answer
 * that already has a Content-Encoding is left alone. Registered after every other onSend hook
 * (the idempotency layer stores the plain body), so it must come last in app.ts.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
}
