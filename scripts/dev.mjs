#!/usr/bin/env node
// npm run dev: the API (reloading on change) and the Vite dev server side by side.
import { spawn } from 'node:child_process';

const children = [
  spawn('node', ['--watch', '--import', 'tsx', 'apps/server/src/main.ts'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@audit/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', (code) => code && stop()));
