// ESLint for the whole repository: `npm run lint`. The rules and the zones are explained in
// docs/decisions/0019-boundaries-and-lint.md; keep the two in step.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const dirsOf = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const MODULES = './apps/server/src/modules';
const FEATURES = './apps/web/src/features';
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/testing/**'];

/**
 * (a) A server module reads and writes only its own tables: another module's tables.ts, repo.ts or
 * tree-repo.ts is out of reach (call that module's service instead). Tests may build fixtures.
 */
const moduleZones = dirsOf(MODULES).map((name) => ({
  target: `${MODULES}/${name}`,
  from: dirsOf(MODULES)
    .filter((other) => other !== name)
    .flatMap((other) => [`${MODULES}/${other}/tables.ts`, `${MODULES}/${other}/repo.ts`, `${MODULES}/${other}/tree-repo.ts`]),
  message: "A module never touches another module's tables or repo: call that module's service (decision 0019).",
}));

/** (c) A web feature never imports another feature: shared pieces live in ui/, api/, session/, manifest/, offline/ or @audit/domain. */
const featureZones = dirsOf(FEATURES).map((name) => ({
  target: `${FEATURES}/${name}`,
  from: FEATURES,
  except: [`./${name}`],
  message: 'A feature never imports another feature: move what both need to ui/, api/, session/, manifest/, offline/ or packages/domain (decision 0019).',
}));

/** The web's shared layers serve every feature, so they import none, nor the shell that assembles them. */
const sharedWebZones = ['ui', 'api', 'session', 'manifest', 'offline', 'i18n'].flatMap((dir) => [
  {
    target: `./apps/web/src/${dir}`,
    from: FEATURES,
    message: `apps/web/src/${dir} is shared by every feature and imports none (decision 0019).`,
  },
  {
    target: `./apps/web/src/${dir}`,
    from: './apps/web/src/app',
    message: `apps/web/src/${dir} sits below the shell: app/ imports it, never the reverse (decision 0076).`,
  },
]);

/**
 * (e) A feature never imports the shell (app/): what it needs of it is in manifest/ (the manifest
 * contract, shared paths, what other features contribute), so a domain is its own folder (decision 0076).
 */
const shellZone = {
  target: FEATURES,
  from: './apps/web/src/app',
  message: 'A feature never imports app/ (the shell): use manifest/, ui/, api/, session/ or offline/ (decision 0076).',
};

const layerZones = [
  // (b) The platform is what every module uses; it knows no module.
  { target: './apps/server/src/platform', from: MODULES, message: 'platform/ never imports modules/ (decision 0019).' },
  // (d) The shared domain package is used by both apps and depends on neither.
  { target: './packages/domain', from: './apps', message: 'packages/domain imports nothing from the apps (decision 0019).' },
  { target: './apps/web', from: './apps/server', message: 'The web app never imports the server (decision 0019).' },
  { target: './apps/server', from: './apps/web', message: 'The server never imports the web app (decision 0019).' },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/server/src/db/migrations/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      // Same parser for the files no-cycle follows as for the file being linted.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      // A cycle through a lazy `import()` (a route's page loaded on demand: app/sections.tsx's home
      // page reads the menu built from app/features.ts) runs no module at load time: not reported.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...featureZones, ...sharedWebZones, shellZone] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/no-unused-expressions': ['error', { allowTernary: true, allowShortCircuit: true }],
      // Matching control characters is what the three regexes that use them are for (file names,
      // Content-Disposition, ANSI colours in the test runner's output).
      'no-control-regex': 'off',
    },
  },
  {
    files: ['apps/server/src/modules/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...moduleZones] }] },
  },
  {
    // Tests build their fixtures with whatever tables they need (a user with a role, a space tree);
    // only the package boundaries hold for them.
    files: [...TESTS, 'bench/**', 'e2e/**'],
    // Fixtures and probes read arbitrary JSON answers; an `any` there is a test's business.
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: TESTS,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layerZones.filter((zone) => !zone.target.includes('platform')) }] },
  },
  {
    // A file nothing imports (a test, a browser spec, a bench, a script) cannot close a cycle, and
    // walking the import graph from each of them was two thirds of the lint time: no-cycle runs
    // from the code that is imported.
    files: ['**/*.test.ts', '**/*.test.tsx', 'bench/**', 'e2e/**', 'scripts/**'],
    rules: { 'import-x/no-cycle': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Type-aware rules need the TypeScript program (about three times the lint time here), so they
  // run on demand: `npm run lint:typed`. Server and domain only: in the web the rules flag
  // react-router's navigate(), whose promise is not meant to be awaited.
  ...(process.env.LINT_TYPED
    ? [
        {
          files: ['apps/server/src/**/*.ts', 'packages/domain/src/**/*.ts'],
          languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
          rules: { '@typescript-eslint/no-floating-promises': 'error', '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }] },
        },
      ]
    : []),
);
