import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) beside every text file of
 * the build, once, at build time; the server (apps/server/src/platform/web.ts, @fastify/static
 * `preCompressed`) sends whichever the browser accepts, so no request pays for compression.
 * A copy that would not be smaller is not written (the server then sends the file as it is).
 */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'auditsafe:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const files = readdirSync(outDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const source = readFileSync(file);
          if (source.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
            gzipAsync(source, { level: 9 }),
          ]);
          if (br.length < source.length) writeFileSync(`${file}.br`, br);
          if (gz.length < source.length) writeFileSync(`${file}.gz`, gz);
        }),
      );
    },
  };
}
