import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

/**
 * How the build groups modules into files (decision 0096). Left to itself, Rolldown gives every set of
 * routes sharing a module a file of its own: the run view downloaded 131 files, most of them a few
 * hundred bytes of one antd component or icon, each a round trip on a slow network. Here:
 * - `react`: React and the router, which every page needs and which change less often than the app;
 * - `base`: the libraries the sign-in page runs (the entry's and the sign-in page's chunks), in one
 *   file instead of dozens, and nothing more;
 * - `vendor`: every other library module (antd's other components, dayjs's plugins, the icons...),
 *   which the signed-in pages share: one file, downloaded once;
 * - `shell`: the app's own modules that the signed-in shell loads (sidebar, header, the session's
 *   checks, the offline kinds), beyond the sign-in page's.
 * The screens' own modules still split by route.
 *
 * Which modules the sign-in page runs is only known once the bundle is tree-shaken (every import of
 * antd goes through its index, which imports every component): a first build, without these groups
 * and without writing anything, gives the chunks Rolldown makes by itself, and the modules of those
 * the sign-in page loads are `base`'s. The sign-in page thus downloads what it did before, in fewer
 * files; nothing of `vendor` or `shell`.
 */
export const PREPASS_ENV = 'AUDIT_CHUNKS_PREPASS';

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
const CONFIG = fileURLToPath(new URL('./vite.config.ts', import.meta.url));
const SIGN_IN = src('features/auth/LoginPage.tsx');
const SHELL = src('app/shell/SignedIn.tsx');
const OFFLINE_KIND = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]offline[\\/]/;
const REACT = /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/;
const LIBRARY = /node_modules[\\/]/;

type TChunk = { type: 'chunk'; fileName: string; isEntry: boolean; facadeModuleId: string | null; imports: string[]; moduleIds: string[] };

/** The modules of the chunks `roots` load, with the chunks these import statically. */
function modulesLoaded(chunks: Map<string, TChunk>, roots: TChunk[]): Set<string> {
  const seen = new Set<string>();
  const stack = roots.map((chunk) => chunk.fileName);
  const modules = new Set<string>();
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const chunk = chunks.get(file);
    if (!chunk) continue;
    for (const id of chunk.moduleIds) modules.add(id);
    stack.push(...chunk.imports);
  }
  return modules;
}

/** The first build: Rolldown's own chunks, in memory. */
async function firstBuild(): Promise<Map<string, TChunk>> {
  process.env[PREPASS_ENV] = '1';
  try {
    const result = await build({
      configFile: CONFIG,
      logLevel: 'warn',
      build: { write: false, minify: false, reportCompressedSize: false, emptyOutDir: false, copyPublicDir: false },
    });
    const outputs = (Array.isArray(result) ? result : [result]).flatMap((item) => ('output' in item ? item.output : []));
    return new Map(outputs.filter((o): o is (typeof outputs)[number] & TChunk => o.type === 'chunk').map((chunk) => [chunk.fileName, chunk as TChunk]));
  } finally {
    delete process.env[PREPASS_ENV];
  }
}

/**
 * The plugin (it makes the first build when the real one starts) and the groups of the real build's
 * `codeSplitting`, which read what the first build found.
 */
export function chunkingByRoute(): { plugin: Plugin; groups: { debugName: string; name: (id: string) => string | null; priority: number }[] } {
  let signIn: Set<string> | undefined;
  let shell: Set<string> | undefined;
  const known = (set: Set<string> | undefined) => {
    if (!set) throw new Error('chunks.ts: the groups were asked for before the first build');
    return set;
  };
  const plugin: Plugin = {
    name: 'audit:chunks',
    apply: 'build',
    async buildStart() {
      const chunks = await firstBuild();
      const all = [...chunks.values()];
      const byFacade = (test: (id: string) => boolean) => all.filter((chunk) => chunk.facadeModuleId && test(chunk.facadeModuleId));
      const entry = all.filter((chunk) => chunk.isEntry); // index.html's, which runs main.tsx
      const login = byFacade((id) => id === SIGN_IN);
      const signedIn = byFacade((id) => id === SHELL);
      if (entry.length !== 1 || login.length !== 1 || signedIn.length !== 1)
        this.error(
          `chunks.ts: the first build has ${entry.length} entry chunks, ${login.length} of LoginPage.tsx, ${signedIn.length} of SignedIn.tsx (one each expected)`,
        );
      signIn = modulesLoaded(chunks, [...entry, ...login]);
      shell = modulesLoaded(chunks, [...signedIn, ...byFacade((id) => OFFLINE_KIND.test(id))]);
    },
    // The promise kept: the sign-in page loads neither `vendor` nor `shell` (the build fails otherwise).
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((output) => output.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      const roots = [...chunks.values()].filter((chunk) => chunk.isEntry || chunk.facadeModuleId === SIGN_IN);
      const seen = new Set<string>();
      const stack = roots.map((chunk) => chunk.fileName);
      while (stack.length) {
        const file = stack.pop()!;
        if (seen.has(file)) continue;
        seen.add(file);
        stack.push(...(chunks.get(file)?.imports ?? []));
      }
      const heavy = [...seen].filter((file) => ['vendor', 'shell'].includes(chunks.get(file)?.name ?? ''));
      if (heavy.length) this.error(`chunks.ts: the sign-in page would load ${heavy.join(', ')}`);
    },
  };
  const groups = [
    { debugName: 'react', name: (id: string) => (REACT.test(id) ? 'react' : null), priority: 4 },
    { debugName: 'base', name: (id: string) => (LIBRARY.test(id) && known(signIn).has(id) ? 'base' : null), priority: 3 },
    { debugName: 'vendor', name: (id: string) => (LIBRARY.test(id) ? 'vendor' : null), priority: 2 },
    // Before `shell`, which takes its modules' dependencies with it: the sign-in page's would go too.
    { debugName: 'main', name: (id: string) => (known(signIn).has(id) ? 'main' : null), priority: 1 },
    {
      debugName: 'shell',
      name: (id: string) => (!LIBRARY.test(id) && !known(signIn).has(id) && known(shell).has(id) ? 'shell' : null),
      priority: 0,
    },
  ];
  return { plugin, groups };
}
