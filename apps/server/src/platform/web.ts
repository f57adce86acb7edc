import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.js';
import { requestLanguage } from './language.js';
import { API_PREFIXES } from './auth.js';
import { ASSET_HELMET } from './headers.js';

/** Vite's hashed output: a name never changes content. */
const HASHED = /[\\/]assets[\\/]/;

/**
 * Serves the built web app when distDir is given; any other GET for a page answers index.html
 * (client-side routes). Unknown API paths, hashed assets and the service worker script answer
 * NOTFOUND RTE0001 (no such route, decision 0065), never the entity's 415: a missing chunk or /sw.js
 * must fail as such, never arrive as HTML.
 * Files go out as the build compressed them (name.br or name.gz beside each, apps/web/compress-plugin.ts)
 * when the browser accepts it: no compression per request (decision 0017).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | null) {
  const hasWeb = distDir !== null && existsSync(distDir);
  if (hasWeb) {
    // The hashed files get only a subresource's headers (headers.ts).
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/assets/')) route.config = { ...(route.config as object | undefined), helmet: ASSET_HELMET } as typeof route.config;
    });
    await app.register(fastifyStatic, {
      root: distDir!,
      wildcard: false,
      preCompressed: true,
      // Hashed assets never change: a year, immutable. index.html, sw.js and the public files are
      // revalidated on every use (a new release must be seen at once).
      // A hashed file is never revalidated: no validators to send with each of them.
      setHeaders: (res, path) => {
        if (!HASHED.test(path)) return res.header('cache-control', 'no-cache');
        res.header('cache-control', 'public, max-age=31536000, immutable');
        for (const name of ['etag', 'last-modified', 'accept-ranges']) res.removeHeader(name);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = [...API_PREFIXES, '/docs'].some((p) => request.url.startsWith(p));
    const isFile = request.url.startsWith('/assets/') || request.url.split('?')[0] === '/sw.js';
    if (hasWeb && request.method === 'GET' && !isApi && !isFile) return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    const { status, body } = errorBody('NOTFOUND', 'RTE0001', requestLanguage(request));
    return reply.status(status).send(body);
  });
}
