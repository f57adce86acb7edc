import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest files the summary names. */
const SLOWEST = 12;

/**
 * Prints the plain closing line CI reads: "vitest: N passed, N failed"; before it, the slowest files
 * (their time in the worker, and how much of it was importing): where the run's minutes go, for the
 * next engineer who keeps `npm test` under its four minutes (decision 0099).
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const m of modules) {
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (m.state() === 'failed' && m.children.size === 0) failed++;
    }
    const timed = modules.map((m) => ({ m, d: m.diagnostic() })).sort((a, b) => b.d.duration + b.d.collectDuration - (a.d.duration + a.d.collectDuration));
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const lines = timed
      .slice(0, SLOWEST)
      .map(
        ({ m, d }) =>
          `  ${seconds(d.duration + d.collectDuration).padStart(8)} (import ${seconds(d.collectDuration)})  ${m.project.name}  ${m.relativeModuleId}`,
      );
    if (lines.length) process.stdout.write(`\nslowest files (time in their worker):\n${lines.join('\n')}\n`);
    process.stdout.write(`\n${process.env.SUMMARY_LABEL ?? 'vitest'}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  }
}
