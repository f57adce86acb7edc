import { config } from 'zod/v4/core';

/**
 * The shared schemas (packages/domain) run in the browser without zod's compiled parsers: zod
 * otherwise probes `new Function` once, which the Content-Security-Policy (no 'unsafe-eval',
 * decision 0017) reports as a violation even though zod catches it and falls back.
 */
config({ jitless: true });
