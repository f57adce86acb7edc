import { describe, expect, it } from 'vitest';
import { precacheUrls, routeFor } from './routes';

const ORIGIN = 'https://audits.example';
const PRECACHED = new Set(['/index.html', '/favicon.svg', '/assets/index-abc.js']);
const get = (path: string, mode = 'cors', extra: Partial<{ method: string; cache: string }> = {}) => ({
  url: `${ORIGIN}${path}`,
  method: 'GET',
  mode,
  ...extra,
});

describe('service worker routes', () => {
  it('answers page loads of the app, deep links included, with the shell', () => {
    for (const path of ['/', '/login', '/auditor/audits', '/auditor/audits/run/123', '/share-audit-report/9?x=1']) {
      expect(routeFor(get(path, 'navigate'), ORIGIN, PRECACHED)).toBe('shell');
    }
  });

  it('never touches API paths, whatever the kind of request', () => {
    for (const path of ['/ms-core/api/users/me', '/auth/signin', '/ms-registry/x', '/ms-statistics/y', '/docs', '/docs/json']) {
      expect(routeFor(get(path), ORIGIN, PRECACHED)).toBe('network');
      expect(routeFor(get(path, 'navigate'), ORIGIN, PRECACHED)).toBe('network');
    }
    expect(routeFor({ ...get('/ms-core/api/audits/1/answer/add'), method: 'POST' }, ORIGIN, PRECACHED)).toBe('network');
  });

  it('serves hashed and precached files cache first', () => {
    expect(routeFor(get('/assets/index-abc.js', 'cors'), ORIGIN, PRECACHED)).toBe('static');
    expect(routeFor(get('/assets/AuditRunPage-new.js', 'cors'), ORIGIN, PRECACHED)).toBe('static');
    expect(routeFor(get('/favicon.svg', 'no-cors'), ORIGIN, PRECACHED)).toBe('static');
  });

  it('leaves other origins, writes, unknown files and DevTools only-if-cached requests to the browser', () => {
    expect(routeFor({ url: 'https://cdn.example/x.js', method: 'GET', mode: 'cors' }, ORIGIN, PRECACHED)).toBe('network');
    expect(routeFor({ url: 'https://cdn.example/page', method: 'GET', mode: 'navigate' }, ORIGIN, PRECACHED)).toBe('network');
    expect(routeFor(get('/robots.txt'), ORIGIN, PRECACHED)).toBe('network');
    expect(routeFor(get('/index.html'), ORIGIN, PRECACHED)).toBe('network');
    expect(routeFor({ ...get('/'), method: 'POST', mode: 'navigate' }, ORIGIN, PRECACHED)).toBe('network');
    expect(routeFor(get('/assets/index-abc.js', 'no-cors', { cache: 'only-if-cached' }), ORIGIN, PRECACHED)).toBe('network');
  });
});

describe('precache list', () => {
  it('lists the emitted files and the public files as root URLs, without maps, Vite metadata or the worker', () => {
    const emitted = ['index.html', 'assets/index-abc.js', 'assets/index-abc.js.map', 'assets/index-def.css', '.vite/manifest.json', 'sw.js'];
    expect(precacheUrls(emitted, ['favicon.svg', 'icons/app-192.png'])).toEqual([
      '/assets/index-abc.js',
      '/assets/index-def.css',
      '/favicon.svg',
      '/icons/app-192.png',
      '/index.html',
    ]);
  });
});
