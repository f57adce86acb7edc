import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { benchFoundation } from './foundation.js';

// npm run bench [pglite|postgres]: figures go to stdout and bench/results.json.
const engines = (process.argv[2] ? [process.argv[2]] : ['pglite', 'postgres']) as ('pglite' | 'postgres')[];
const results: Record<string, unknown> = { date: new Date().toISOString(), machine: `${cpus().length} cores, ${cpus()[0]?.model ?? ''}`, node: process.version };
for (const engine of engines) {
  console.log(`\n${engine}: foundation`);
  const figures = await benchFoundation(engine);
  console.table(figures);
  results[engine] = { foundation: figures };
}
writeFileSync(new URL('./results.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
console.log('\nwritten to bench/results.json');
