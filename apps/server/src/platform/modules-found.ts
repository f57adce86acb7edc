import { existsSync, readdirSync } from 'node:fs';
import type { TServerModule } from './module.js';

/** The folder of the domains, beside this one (source .ts under tsx and tests, compiled .js in dist/: decision 0028). */
const MODULES = new URL('../modules/', import.meta.url);
const EXTENSION = import.meta.url.endsWith('.ts') ? 'ts' : 'js';

const isModule = (value: unknown): value is TServerModule =>
  Boolean(value) && typeof value === 'object' && typeof (value as TServerModule).name === 'string' && Array.isArray((value as TServerModule).routes);

/**
 * Every modules/<domain>/module.ts's manifest, in folder order: a new domain is found by its folder,
 * no central list to edit (decision 0076). A module.ts must export exactly one manifest.
 */
export async function findModules(folder: URL = MODULES): Promise<TServerModule[]> {
  const domains = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(new URL(`${entry.name}/module.${EXTENSION}`, folder)))
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    domains.map(async (domain) => {
      const exported = Object.values((await import(new URL(`${domain}/module.${EXTENSION}`, folder).href)) as Record<string, unknown>).filter(isModule);
      if (exported.length !== 1) throw new Error(`modules/${domain}/module.${EXTENSION} must export exactly one module manifest (found ${exported.length})`);
      return exported[0]!;
    }),
  );
}
