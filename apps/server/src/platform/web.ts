import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.js';
import { requestLanguage } from './language.js';
import { API_PREFIXES } from './auth.js';


/**
 * Serves the built web app when distDir is given; any other GET for a page answers index.html
 * (client-side routes). Unknown API paths, hashed assets and the service worker script answer the
 * catalogue's NOTFOUND 415: a missing chunk or /sw.js must fail as such, never arrive as HTML.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | null) {
  const hasWeb = distDir !== null && existsSync(distDir);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir!,
      wildcard: false,
      // Hashed assets never change; the shell and the service worker must be revalidated.
      setHeaders: (res, path) => res.header('cache-control', /\/assets\//.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = [...API_PREFIXES, '/docs'].some((p) => request.url.startsWith(p));
    const isFile = request.url.startsWith('/assets/') || request.url.split('?')[0] === '/sw.js';
    if (hasWeb && request.method === 'GET' && !isApi && !isFile) return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    const { status, body } = errorBody('NOTFOUND', 415, requestLanguage(request));
    return reply.status(status).send(body);
  });
}
