import { z } from 'zod';

// In a browser, zod's compiled parsers probe `new Function` once, which the Content-Security-Policy
// (no 'unsafe-eval', docs/decisions/0017) reports as a violation. The switch is read when a schema is
// built, so it is set here, before any shared schema exists, whatever order the bundle's chunks run
// in. The server keeps the compiled parsers (faster, and no CSP applies there).
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
