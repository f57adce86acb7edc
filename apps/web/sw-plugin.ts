import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { precacheUrls, SHELL_URL } from './src/sw/routes';

const VERSION_PLACEHOLDER = '__AUDITSAFE_SW_VERSION__';

/** Files of a directory, recursively, as paths relative to it with forward slashes. */
function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

/** Bundles the worker (src/sw/sw.ts and what it imports) into one classic script. */
async function bundleWorker(root: string, entry: string, precache: string[]): Promise<string> {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    define: { __SW_MANIFEST__: JSON.stringify(precache), __SW_VERSION__: JSON.stringify(VERSION_PLACEHOLDER) },
    build: {
      write: false,
      emptyOutDir: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      minify: true,
      rolldownOptions: { input: entry, output: { format: 'iife', entryFileNames: 'sw.js' } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((item) => ('output' in item ? item.output : []));
  const chunk = outputs.find((output) => output.type === 'chunk' && output.isEntry);
  if (!chunk || chunk.type !== 'chunk') throw new Error('the service worker bundle has no entry chunk');
  if (outputs.length > 1) throw new Error('the service worker must bundle into one file');
  return chunk.code;
}

/**
 * Emits /sw.js at the site root in production builds: the worker of src/sw/sw.ts with the list of
 * this build's files to precache (index.html, every emitted chunk and asset, the public files) and a
 * version hashed from all of them, so each release gets its own cache and replaces the previous one.
 */
export function serviceWorkerPlugin(options: { entry?: string } = {}): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'auditsafe:service-worker',
    apply: 'build',
    // After Vite's own plugins: index.html and the CSS are in the bundle by then.
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_outputOptions, bundle) {
      if (config.base !== '/') this.error('the service worker expects the app served at the site root (base "/")');
      const publicDir = config.publicDir && config.build.copyPublicDir ? config.publicDir : null;
      const publicFiles = publicDir ? listFiles(publicDir) : [];
      const precache = precacheUrls(Object.keys(bundle), publicFiles);
      if (!precache.includes(SHELL_URL)) this.error('index.html is not in the bundle: nothing to answer page loads with offline');

      const entry = resolve(config.root, options.entry ?? 'src/sw/sw.ts');
      const code = await bundleWorker(config.root, entry, precache);

      // The version covers the worker and the content of everything it precaches.
      const hash = createHash('sha256').update(code);
      for (const name of Object.keys(bundle).sort()) {
        const output = bundle[name]!;
        hash.update(name).update(output.type === 'chunk' ? output.code : output.source);
      }
      for (const file of publicFiles) hash.update(file).update(readFileSync(join(publicDir!, file)));
      const version = hash.digest('hex').slice(0, 16);

      this.emitFile({ type: 'asset', fileName: 'sw.js', source: code.split(VERSION_PLACEHOLDER).join(version) });
    },
  };
}
