// Entry of the PDF worker thread: a worker does not inherit the parent's TypeScript loader
// (neither `node --import tsx` nor vitest's), so register tsx here, then load the worker.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
