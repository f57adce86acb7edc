import type { FastifyInstance } from 'fastify';
import { bodyEtag } from './body-cache.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** GET answers carry an ETag of their body; a request with the same If-None-Match gets 304 (decision 0027). */
    etag?: boolean;
  }
}

/**
 * Validators for large reads the web app repeats (the run view reloads its audit): the ETag is a
 * hash of the JSON body, so it changes exactly when anything in the answer does (answers, issues,
 * photos' signed links, names). `private, no-cache` lets the browser keep the answer and ask again
 * each time; its HTTP cache sends If-None-Match and turns the 304 into the stored 200 for fetch, so
 * the app's code never sees a 304. The 304 saves the transfer and the compression, not the read.
 * Registered before compression (app.ts): it hashes the plain body.
 */
export function registerEtags(app: FastifyInstance) {
  // Callback style: no promise on the requests it leaves alone (all but the GETs of `etag` routes).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method !== 'GET' || !request.routeOptions.config.etag || reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload);
    // A body sent from platform/body-cache.ts carries its ETag already (and answered 304 itself).
    if (reply.hasHeader('etag')) return done(null, payload);
    const etag = bodyEtag(payload);
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    const asked = request.headers['if-none-match'];
    if (!asked || !asked.split(',').some((tag) => tag.trim() === etag)) return done(null, payload);
    reply.code(304).removeHeader('content-type');
    done(null, '');
  });
}
