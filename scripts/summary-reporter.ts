import type { Reporter, TestModule } from 'vitest/node';

/** Prints the plain closing line CI reads: "vitest: N passed, N failed". */
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
    process.stdout.write(`\n${process.env.SUMMARY_LABEL ?? 'vitest'}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  }
}
