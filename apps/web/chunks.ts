import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

/**
 * How the build groups modules into files (decision 0096). Left to itself, Rolldown gives every set of
 * routes sharing a module a file of its own: the run view downloaded 131 files, most of them a few
 * hundred bytes of one antd component or icon, each a round trip on a slow network. Here:
 * - `boot-shared`: what index.html's entry (app/boot.ts) shares with the app (Vite's preload helper,
 *   the calls' paths, ui/afterPaint.ts), in one small file the entry waits for (decision 0124);
 * - `react`: React and the router, which every page needs and which change less often than the app;
 * - `base`: the libraries the sign-in page runs (the entry's and the sign-in page's chunks), in one
 *   file instead of dozens, and nothing more;
 * - `data`: the modules the run view's loader (its auditRunApi.ts: the audit, from the server or the
 *   device's copy) loads beyond the sign-in page's,
 *   which use no other library: the requests of a signed-in first visit leave as soon as this small
 *   file has arrived, not once `shell` and the libraries it imports have (decision 0111); those of
 *   them the public report runs too (the domain's audits...) are `data-shared`'s, so the report
 *   does not download the rest;
 * - `report`: the other modules the public report runs (decision 0103) that the signed-in shell or
 *   the run view runs too (antd's App, layout, menu, tags...); `report-rest`: the report's others
 *   (its tables, trees, tabs...). A visitor of a shared report downloads both, and neither `vendor`
 *   nor `shell`;
 * - `vendor`: the other library modules the signed-in shell or the run view runs; `vendor-lists`: the
 *   other library modules the homes and the list screens (features' …ListPage.tsx: tables, filters,
 *   date ranges) run; `vendor-screens`: every other library module (the calendar's drag and drop,
 *   the editors' trees and pickers, uploads...): a client's home and lists download neither.
 *   The run view, an auditor's first page on a tablet's slow network (issue 28), downloads neither
 *   `report-rest` nor `vendor-screens` (decision 0111); the other screens download them too;
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
/** index.html's entry (app/boot.ts: the stylesheets) and the app it starts after the first frame (decision 0103). */
const APP = src('main.tsx');
/** index.html's entry module. */
const BOOT = src('app/boot.ts');
/** A script module (not the stylesheets the entry imports, which stay the entry's: index.html links them). */
const SCRIPT = /\.[cm]?[jt]sx?$/;
const SHELL = src('app/shell/SignedIn.tsx');
/** The run view's page: what it loads at once is downloaded before its first question (decision 0111). */
const RUN_VIEW = src('features/audit-run/AuditRunPage.tsx');
/** What the run view's first request needs: its loader (the session's profile is the sign-in page's, router.tsx). */
const DATA_PATH = [src('features/audit-run/auditRunApi.ts')];
/** The public report (/share-audit-report/:auditId) and the layout around it (antd's App). */
const PUBLIC_REPORT = [src('features/audit-report/PublicAuditReportPage.tsx'), src('app/WithFeedback.tsx')];
/** The list screens (a feature's …ListPage.tsx) and the homes: the libraries they run are `vendor-lists`'s. */
const LIST_PAGE = /[\\/]src[\\/]features[\\/][^\\/]+[\\/][A-Za-z]+ListPage\.tsx$/;
const HOME = src('app/HomeRoute.tsx');
const OFFLINE_KIND = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]offline[\\/]/;
const REACT = /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/;
const LIBRARY = /node_modules[\\/]/;
const PRELOAD_HELPER = /vite[\\/]preload-helper/;
/** The calls' paths index.html's entry asks for early (decision 0110), and the module they are built from; no schema in either. */
const BOOT_SHARED = /packages[\\/]domain[\\/]src[\\/]calls[\\/](paths|define)\.ts$/;
/** The texts' assembly, which both languages' chunks import: `main`'s, not a file of its own. */
const TEXTS_ASSEMBLY = /[\\/]src[\\/]i18n[\\/](catalogue|resources)\.ts$/;

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
  let report: Set<string> | undefined;
  let runView: Set<string> | undefined;
  let dataPath: Set<string> | undefined;
  let lists: Set<string> | undefined;
  let boot: Set<string> | undefined;
  let runShared: Set<string> | undefined;
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
      const entry = all.filter((chunk) => chunk.isEntry); // index.html's, app/boot.ts
      const app = byFacade((id) => id === APP);
      const login = byFacade((id) => id === SIGN_IN);
      const signedIn = byFacade((id) => id === SHELL);
      const publicReport = byFacade((id) => PUBLIC_REPORT.includes(id));
      const run = byFacade((id) => id === RUN_VIEW);
      const data = byFacade((id) => DATA_PATH.includes(id));
      if (
        entry.length !== 1 ||
        app.length !== 1 ||
        login.length !== 1 ||
        signedIn.length !== 1 ||
        publicReport.length !== PUBLIC_REPORT.length ||
        run.length !== 1 ||
        data.length !== DATA_PATH.length
      )
        this.error(
          `chunks.ts: the first build has ${entry.length} entry chunks, ${app.length} of main.tsx, ${login.length} of LoginPage.tsx, ${signedIn.length} of SignedIn.tsx, ${publicReport.length} of the public report's ${PUBLIC_REPORT.length}, ${run.length} of AuditRunPage.tsx, ${data.length} of the data path's ${DATA_PATH.length} (one each expected)`,
        );
      // The entry's own modules (boot.ts, the stylesheets) stay in the entry: in `main`, index.html
      // would no longer link the stylesheets.
      boot = new Set(entry[0]!.moduleIds);
      signIn = modulesLoaded(chunks, [...entry, ...app, ...login]);
      // Schemas are built when their module runs: the sign-in page's code runs none of the templates'
      // or the registers' (users.ts once pulled them all in for one list of four names).
      const signInSchemas = [...signIn].filter((id) => /packages\/domain\/src\/(templates|registers|register-[a-z]+)\.ts$/.test(id));
      if (signInSchemas.length) this.error(`chunks.ts: the sign-in page would run ${signInSchemas.join(', ')}`);
      shell = modulesLoaded(chunks, [...signedIn, ...byFacade((id) => OFFLINE_KIND.test(id))]);
      report = modulesLoaded(chunks, publicReport);
      // What the run view loads: the shell, antd's App around it (WithFeedback) and its page's static imports.
      runView = new Set([...shell, ...modulesLoaded(chunks, [...publicReport.filter((chunk) => chunk.facadeModuleId !== PUBLIC_REPORT[0]), ...run])]);
      dataPath = modulesLoaded(chunks, data);
      // The files the run page's own chunk imports, but not its own nor what the entry loads.
      const runOwn = new Set(run[0]!.moduleIds);
      const entryLoaded = modulesLoaded(chunks, entry);
      runShared = new Set([...modulesLoaded(chunks, run)].filter((id) => !runOwn.has(id) && !entryLoaded.has(id)));
      const listPages = byFacade((id) => LIST_PAGE.test(id) || id === HOME);
      if (!listPages.some((chunk) => chunk.facadeModuleId === HOME) || listPages.length < 2)
        this.error('chunks.ts: the first build has no chunk of HomeRoute.tsx or of a …ListPage.tsx');
      lists = modulesLoaded(chunks, listPages);
    },
    // The promises kept: the sign-in page loads neither `vendor` nor `shell`, nor `report`; the public
    // report neither `vendor` nor `shell`; the run view neither `report-rest` nor `vendor-screens`;
    // the data path only what the sign-in page loads and `data` (the build fails otherwise).
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((output) => output.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      const loadedBy = (test: (chunk: { isEntry: boolean; facadeModuleId: string | null }) => boolean) => {
        const seen = new Set<string>();
        const stack = [...chunks.values()].filter((chunk) => chunk.isEntry || chunk.facadeModuleId === APP || test(chunk)).map((chunk) => chunk.fileName);
        while (stack.length) {
          const file = stack.pop()!;
          if (seen.has(file)) continue;
          seen.add(file);
          stack.push(...(chunks.get(file)?.imports ?? []));
        }
        return [...seen];
      };
      const named = (files: string[], names: string[]) => files.filter((file) => names.includes(chunks.get(file)?.name ?? ''));
      const entryFile = [...chunks.values()].find((chunk) => chunk.isEntry)!.fileName;
      const entryHeavy = (chunks.get(entryFile)?.imports ?? []).filter((file) => !['preload', 'boot-shared'].includes(chunks.get(file)?.name ?? ''));
      if (entryHeavy.length) this.error(`chunks.ts: index.html's entry would wait for ${entryHeavy.join(', ')}`);
      const signInHeavy = named(
        loadedBy((chunk) => chunk.facadeModuleId === SIGN_IN),
        ['vendor', 'vendor-lists', 'vendor-screens', 'shell', 'report', 'report-rest'],
      );
      if (signInHeavy.length) this.error(`chunks.ts: the sign-in page would load ${signInHeavy.join(', ')}`);
      const reportHeavy = named(
        loadedBy((chunk) => PUBLIC_REPORT.includes(chunk.facadeModuleId ?? '')),
        ['vendor', 'vendor-lists', 'vendor-screens', 'shell'],
      );
      if (reportHeavy.length) this.error(`chunks.ts: the public report would load ${reportHeavy.join(', ')}`);
      const runHeavy = named(
        loadedBy((chunk) => [SHELL, RUN_VIEW, PUBLIC_REPORT[1]].includes(chunk.facadeModuleId ?? '')),
        ['vendor-lists', 'vendor-screens', 'report-rest'],
      );
      if (runHeavy.length) this.error(`chunks.ts: the run view would load ${runHeavy.join(', ')}`);
      const dataHeavy = named(
        loadedBy((chunk) => DATA_PATH.includes(chunk.facadeModuleId ?? '')),
        ['vendor', 'vendor-lists', 'vendor-screens', 'shell', 'report', 'report-rest'],
      );
      if (dataHeavy.length) this.error(`chunks.ts: the data path would load ${dataHeavy.join(', ')}`);
    },
  };
  // The entry's modules go to no other group than `boot-shared` (boot.ts and its stylesheets stay in
  // the entry), main.tsx stays in its chunk: Rolldown's facade for a module
  // without exports, imported dynamically from inside a group, exports a namespace it never defines
  // ("Export 'main_exports' is not defined").
  const ownChunk = (id: string) => known(boot).has(id) || id === APP;
  // A group takes its modules' dependencies with it, so each group comes after those whose modules
  // its own depend on: `main` before `report` and `shell` (the sign-in page's would go too), `report`
  // before `shell` (the report's shared ui/ pieces would go to `shell`). The run view's sets are closed
  // (what its modules import, it loads too): `report` (the report's part the run view loads) before
  // `report-rest` and `vendor`, `vendor` before `vendor-screens`.
  const groups = [
    // What the entry imports that the app imports too, in one small file of its own (each file is a
    // round trip on HTTP/1.1's six connections, decision 0124): Vite's helper for dynamic imports,
    // which boot.ts runs before any of the app, the calls' paths, and the entry's modules but boot.ts
    // itself (ui/afterPaint.ts). Left to no group, another group would take them along as its
    // modules' dependencies (`main`, `shell`) and index.html's entry would wait for that group.
    {
      debugName: 'boot-shared',
      name: (id: string) => (BOOT_SHARED.test(id) || PRELOAD_HELPER.test(id) || (known(boot).has(id) && id !== BOOT && SCRIPT.test(id)) ? 'boot-shared' : null),
      priority: 11,
    },
    { debugName: 'react', name: (id: string) => (REACT.test(id) ? 'react' : null), priority: 10 },
    { debugName: 'base', name: (id: string) => (LIBRARY.test(id) && known(signIn).has(id) ? 'base' : null), priority: 9 },
    { debugName: 'main', name: (id: string) => ((known(signIn).has(id) || TEXTS_ASSEMBLY.test(id)) && !ownChunk(id) ? 'main' : null), priority: 8 },
    {
      debugName: 'data-shared',
      name: (id: string) => (known(dataPath).has(id) && known(report).has(id) && !ownChunk(id) ? 'data-shared' : null),
      priority: 7,
    },
    { debugName: 'data', name: (id: string) => (known(dataPath).has(id) && !ownChunk(id) ? 'data' : null), priority: 6 },
    {
      debugName: 'report',
      name: (id: string) => (known(report).has(id) && known(runView).has(id) && !ownChunk(id) ? 'report' : null),
      priority: 5,
    },
    { debugName: 'report-rest', name: (id: string) => (known(report).has(id) && !ownChunk(id) ? 'report-rest' : null), priority: 4 },
    { debugName: 'vendor', name: (id: string) => (LIBRARY.test(id) && known(runView).has(id) ? 'vendor' : null), priority: 4 },
    { debugName: 'vendor-lists', name: (id: string) => (LIBRARY.test(id) && known(lists).has(id) ? 'vendor-lists' : null), priority: 3 },
    { debugName: 'vendor-screens', name: (id: string) => (LIBRARY.test(id) ? 'vendor-screens' : null), priority: 2 },
    // The shell's own modules, and the app's modules the run view loads that other screens share (the
    // offline sync's hooks, the PDF button, the image resizer): a few KB more for every signed-in
    // screen, four files fewer before the run view's first question (decision 0124).
    {
      debugName: 'shell',
      name: (id: string) => (!LIBRARY.test(id) && (known(shell).has(id) || known(runShared).has(id)) && !ownChunk(id) ? 'shell' : null),
      priority: 1,
    },
  ];
  return { plugin, groups };
}
