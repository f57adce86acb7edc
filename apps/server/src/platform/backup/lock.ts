import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * PGlite is one process, and nothing in it stops a second process from opening the same folder
 * (tried: both open, and both write). Whoever opens a PGlite folder (the server, backup, restore)
 * holds `<folder>.lock` with its process id; a live holder refuses the others, a dead one's file
 * (a crash, kill -9) is taken over.
 */
export function holdPgliteLock(pgliteDir: string, who: string): () => void {
  const file = `${pgliteDir}.lock`;
  mkdirSync(dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    if (tryCreate(file, `${process.pid} ${who}\n`)) return () => rmSync(file, { force: true });
    const [, pid, holder] = /^(\d*)\s*(.*)$/s.exec(readFileSync(file, 'utf8').trim()) ?? [];
    if (pid && alive(Number(pid))) throw new Error(`${pgliteDir} is open by ${holder || 'another process'} (process ${pid}): stop it first`);
    rmSync(file, { force: true });
  }
  throw new Error(`${pgliteDir}: its lock could not be taken`);
}

/** Creates the file only if it does not exist yet (false: someone holds it, or held it). */
function tryCreate(file: string, text: string): boolean {
  try {
    writeFileSync(file, text, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
