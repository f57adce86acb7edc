import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { antdStylePlugin } from './antd-static-style';
import { chunkingByRoute, PREPASS_ENV } from './chunks';
import { precompressPlugin } from './compress-plugin';
import { facadeInlinePlugin } from './facade-plugin';
import { firstPaintPlugin } from './first-paint-plugin';
import { lazySchemasPlugin } from './lazy-schemas-plugin';
import { serviceWorkerPlugin } from './sw-plugin';

/** The API the dev server (and `vite preview`) proxies to; API_TARGET overrides it. */
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
const API = env.API_TARGET ?? 'http://127.0.0.1:3000';
const proxied = ['/ms-core', '/auth', '/ms-registry', '/ms-statistics', '/docs'];
/** chunks.ts's first build (Rolldown's own chunks, in memory): no groups, no worker, no stylesheet. */
const prepass = env[PREPASS_ENV] === '1';
const chunking = chunkingByRoute();

export default defineConfig({
  // antd-static-style.ts: antd's stylesheet for our theme (virtual:antd.css, decision 0096);
  // sw-plugin.ts: /sw.js with the build's precache list; compress-plugin.ts: .br and .gz copies of
  // every text file (production builds only); first-paint-plugin.ts: index.html preloads the default
  // language's texts; facade-plugin.ts: no one-line file between a dynamic import and its group's file;
  // lazy-schemas-plugin.ts: the domain's schemas built when first used.
  plugins: prepass
    ? [antdStylePlugin({ empty: true }), lazySchemasPlugin(), react()]
    : [antdStylePlugin(), lazySchemasPlugin(), chunking.plugin, react(), firstPaintPlugin(), facadeInlinePlugin(), serviceWorkerPlugin(), precompressPlugin()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: API, changeOrigin: true }])),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: API, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    // esbuild, not Lightning CSS: Lightning CSS rounds numbers to 5 decimals, and antd's sheet has
    // line heights like 1.3333333333333333 (a 24 px heading's line box came out 31.9999 px, its text
    // one pixel higher than with antd's run-time styles).
    cssMinify: 'esbuild',
    rolldownOptions: {
      // Rolldown would merge modules shared by several lazy screens into the first chunk (it is
      // always loaded before them): the sign-in page would then download half of antd it never shows.
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
      // Fewer, larger files (chunks.ts, decision 0096): react, the sign-in page's libraries, the
      // other libraries, the shell; the screens split by route.
      output: prepass ? {} : { codeSplitting: { groups: chunking.groups } },
    },
  },
});
