import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { benchAudits } from './audits.js';
import { benchFoundation } from './foundation.js';
import { benchLists } from './lists.js';
import { benchPdf } from './pdf.js';
import { benchOffline } from './offline.js';
import { benchRender } from './render.js';
import { benchShell } from './shell.js';

// npm run bench [pglite|postgres] [foundation|audits|offline|render|shell|lists|pdf]: figures go to stdout and bench/results.json.
const engines = (process.argv[2] ? [process.argv[2]] : ['pglite', 'postgres']) as ('pglite' | 'postgres')[];
// A run of one engine or suite replaces only its own figures: the others stay as last measured.
const file = new URL('./results.json', import.meta.url);
const results: Record<string, any> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
Object.assign(results, { date: new Date().toISOString(), machine: `${cpus().length} cores, ${cpus()[0]?.model ?? ''}`, node: process.version });
const suites = {
  foundation: benchFoundation,
  audits: benchAudits,
  offline: benchOffline,
  render: benchRender,
  shell: benchShell,
  lists: benchLists,
  pdf: benchPdf,
};
const only = process.argv[3] as keyof typeof suites | undefined;
for (const engine of engines) {
  const figures: Record<string, unknown> = { ...(results[engine] ?? {}) };
  for (const [name, run] of Object.entries(suites)) {
    if (only && name !== only) continue;
    console.log(`\n${engine}: ${name}`);
    figures[name] = await run(engine);
    console.table(figures[name]);
  }
  results[engine] = figures;
}
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
console.log('\nwritten to bench/results.json');
