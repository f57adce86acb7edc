import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Web test files that share one module graph per worker (decision 0104: check the rules above before adding one). */
const WEB_SHARED = [
  'api/errors',
  'api/noPathStrings',
  'api/refreshInBackground',
  'app/antdStyles',
  'app/breadcrumbTrail',
  'app/clientTabs',
  'app/features',
  'app/menu',
  'features/audit-report/correctiveActions',
  'features/audit-report/publicLanguage',
  'features/audit-report/report',
  'features/audit-run/decimal',
  'features/audit-run/questionnaire/questionnaireI18n',
  'features/audit-run/questionnaire/questionnaireModel',
  'features/audit-run/widgets/dateValue',
  'features/audits/audits',
  'features/auth/captcha',
  'features/calendar/days',
  'features/faqs/markdown',
  'features/home/homeSections',
  'features/incidents/annotate',
  'features/incidents/incidentPatch',
  'features/incidents/otherIncidentBody',
  'features/incidents/searchBody',
  'features/lab-data/labUnits',
  'features/register-logs/logDownloads',
  'features/registers/registerFormRules',
  'features/spaces/spaceTree',
  'features/statistics/charts/csv',
  'features/statistics/drill',
  'features/templates/templateContent',
  'features/users/userStatus',
  'features/visit-plans/confirmGroups',
  'i18n/i18n',
  'i18n/relativeTime',
  'offline/keyedCalls',
  'offline/replay',
  'offline/replayRules',
  'sw/routes',
  'ui/DateRangeFilter',
  'ui/emailSuggestions',
  'ui/goals/goalNames',
  'ui/listColumns',
  'ui/monthRange',
  'ui/roles',
].map((file) => `apps/web/src/${file}.test.ts`);

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30000,
    hookTimeout: 60000,
    // One worker per core: vitest's default (cores - 1) leaves one of CI's two cores idle, since the
    // main process only waits while the files run.
    maxWorkers: availableParallelism(),
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'domain', include: ['packages/*/src/**/*.test.ts'] } },
      // The server's files start from a database migrated once per run (apps/server/src/test/template.ts).
      // isolate: false: a worker imports the app's module graph once, not once per file (about 2 s of
      // CPU per file, decision 0032). Each file still has its own database and app; server tests use
      // no vi.mock and no module state that outlives their app (the web project, which mocks, stays isolated).
      // *.postgres.test.ts files start and restart a PostgreSQL of their own (test/own-postgres.ts): they
      // run in the PostgreSQL pass only (TEST_DATABASE_URL set), not again in the PGlite passes.
      {
        extends: true,
        test: {
          name: 'server',
          isolate: false,
          include: ['apps/server/src/**/*.test.ts'],
          exclude: process.env.TEST_DATABASE_URL ? [] : ['apps/server/src/**/*.postgres.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
        },
      },
      // The web's files run isolated (a fresh module graph per file), except those listed in WEB_SHARED:
      // they run in web-shared, isolate: false, one module graph per worker (decision 0104). A file
      // goes on the list only if it runs in node, uses no vi.mock/doMock, stubGlobal/stubEnv, spyOn
      // or fake timers, and changes no state another file could see (the app's i18n instance, dayjs's
      // locale, localStorage, IndexedDB, module variables of the code it imports). Not listed = isolated.
      // `npx vitest run <file>` runs a file in whichever project holds it.
      { extends: true, test: { name: 'web', include: ['apps/web/src/**/*.test.ts', 'apps/web/*.test.ts'], exclude: WEB_SHARED } },
      { extends: true, test: { name: 'web-shared', isolate: false, include: WEB_SHARED } },
    ],
  },
});
