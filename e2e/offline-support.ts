import { expect, type Locator, type Page, type Request } from '@playwright/test';
import type { TAudit, TAuditQuestion } from '@audit/domain/audits';
import { auditCalls } from '@audit/domain/calls/audits';
import { callPath, type TCall } from '@audit/domain/calls/define';
import { fileCalls } from '@audit/domain/calls/files';
import { incidentCalls, taskCalls } from '@audit/domain/calls/incidents';
import { registerCalls } from '@audit/domain/calls/registers';

/** What e2e/offline.spec.ts uses: the demo audit's names, the RunAudit database, the writes seen, the overlay. */
export const VALENCIA = 'Hotel Mar Azul Valencia';
export const PESTS = '¿Se aplica el plan de control de plagas y está documentado?';
export const PESTS_INCIDENCE = 'Plan de plagas sin documentar';
export const READINGS = 'Temperaturas de cámaras y congeladores';
export const COUNT = 'Número de cámaras frigoríficas';
export const REMARKS = 'Observaciones sobre el control de temperaturas';
export const NOTE = 'Revisar el desagüe del sótano.';

/** The test's own reads of the server (APIRequestContext: not affected by the page's offline mode). */
export async function server<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const headers = { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}`, 'client-date': new Date().toISOString() };
  const response = await page.request.fetch(path, { method, headers, data });
  expect(response.ok(), `${method} ${path}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** What a record of the RunAudit database holds (a photo's file left out; `resource` on records and copies, e.g. `audit:<id>`). */
export interface TStored {
  user: string;
  auditId: string;
  resource: string;
  /** The command's call (decision 0077); its method and URL as the call builds them when it is sent. */
  call: string;
  url: string;
  method: string;
  key: string;
  data: unknown;
}

/** The calls the offline queue stores by name (decision 0077), to read a record's method and URL as the app sends it. */
const QUEUED_CALLS = new Map<string, TCall>(
  [
    ...Object.values(auditCalls),
    ...Object.values(incidentCalls),
    ...Object.values(taskCalls),
    ...Object.values(fileCalls),
    ...Object.values(registerCalls),
  ].map((call) => [call.name, call]),
);

type TRaw = {
  user: string;
  auditId: string;
  resource?: string;
  idempotencyKey?: string;
  command?: { call: string; params: Record<string, string>; body: unknown };
  request?: { url: string; method: string; blob: boolean; data: unknown };
};

function stored(r: TRaw): TStored {
  const base = { user: r.user, auditId: r.auditId, resource: r.resource ?? '', key: r.idempotencyKey ?? '' };
  if (r.command) {
    const call = QUEUED_CALLS.get(r.command.call);
    // Pending ids stay in the URL as stored (the replay names them): callPath only encodes them.
    return { ...base, call: r.command.call, method: call?.method ?? '', url: call ? callPath(call, r.command.params) : '', data: r.command.body };
  }
  return { ...base, call: '', url: r.request?.url ?? '', method: r.request?.method ?? '', data: r.request && !r.request.blob ? r.request.data : null };
}

export const readStore = async (page: Page, store: string) =>
  (
    await page.evaluate(
      (name) =>
        new Promise<unknown[]>((resolve, reject) => {
          // The current version, whatever it is (the app upgrades it; docs/decisions/0021, 0077).
          const open = indexedDB.open('RunAudit');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const all = db.transaction(name).objectStore(name).getAll();
            all.onsuccess = () => {
              db.close();
              // Only what the test reads: a photo's Blob does not cross to the test.
              resolve(
                (all.result as Record<string, unknown>[]).map(({ user, auditId, resource, idempotencyKey, command, request }) => {
                  const c = command as { call: string; params: unknown; body: unknown } | undefined;
                  const q = request as { url: string; method: string; blob: boolean; data: unknown } | undefined;
                  return {
                    user,
                    auditId,
                    resource,
                    idempotencyKey,
                    command: c && { call: c.call, params: c.params, body: c.body },
                    request: q && { url: q.url, method: q.method, blob: q.blob, data: q.blob ? null : q.data },
                  };
                }),
              );
            };
          };
        }),
      store,
    )
  ).map((r) => stored(r as TRaw));

/** Opens a question's incidences (a page opened or mounted again shows them closed). */
export async function openIncidences(question: Locator) {
  const toggle = question.getByRole('button', { name: /Incidencias/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

/** Records whether the synchronising overlay showed, and its text (it may come and go between two polls). */
export const watchOverlay = (page: Page) =>
  page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __overlay: string[] }).__overlay = seen;
    new MutationObserver(() => {
      const overlay = document.querySelector('[data-testid="sync-overlay"]');
      if (overlay?.textContent) seen.push(overlay.textContent);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
export const overlayTexts = (page: Page) => page.evaluate(() => (window as unknown as { __overlay: string[] }).__overlay);

/** A write of the run view as the page sent it, with its idempotency key. */
export interface TWrite {
  method: string;
  url: string;
  key: string | undefined;
  body: string | null;
}
/** The writes the pages sent, and when each was sent and answered (one ordered list of events). */
export interface TWriteLog {
  writes: TWrite[];
  events: { event: 'sent' | 'answered'; key: string }[];
}

/** Every write of the run view the pages send, in the order sent (pages given the same log share it). */
export function recordWrites(page: Page, log: TWriteLog = { writes: [], events: [] }) {
  const isWrite = (request: Request) => request.method() !== 'GET' && request.url().includes('/ms-core/api/audits/');
  const keyOf = (request: Request) => request.headers()['idempotency-key'];
  page.on('request', (request) => {
    if (!isWrite(request)) return;
    log.writes.push({ method: request.method(), url: new URL(request.url()).pathname, key: keyOf(request), body: request.postData() });
    log.events.push({ event: 'sent', key: keyOf(request) ?? '' });
  });
  const answered = (request: Request) => isWrite(request) && log.events.push({ event: 'answered', key: keyOf(request) ?? '' });
  page.on('response', (response) => answered(response.request()));
  page.on('requestfailed', answered);
  return log;
}

/** The question a queued record is about (as the replay tells them apart), or null (cover, contacts, an answer's removal). */
export const laneOf = (r: TStored) => /\/questions\/([^/?]+)/.exec(r.url)?.[1] ?? ((r.data as { question?: string } | null)?.question || null);

/**
 * The replay's order (decision 0012): records of different questions may travel side by side, but
 * a record is sent only once every earlier record of its question has been answered, and a record
 * about no question only once every earlier record has (and nothing is sent while it travels).
 */
export function expectReplayOrder(log: TWriteLog, queued: TStored[]) {
  const firstSent = new Map<string, number>();
  const lastAnswered = new Map<string, number>();
  log.events.forEach(({ event, key }, at) => {
    if (event === 'sent' && !firstSent.has(key)) firstSent.set(key, at);
    if (event === 'answered') lastAnswered.set(key, at);
  });
  const overtaken: string[] = [];
  queued.forEach((record, i) => {
    const lane = laneOf(record);
    for (const earlier of queued.slice(0, i)) {
      if (lane !== null && laneOf(earlier) !== null && laneOf(earlier) !== lane) continue;
      if (!((lastAnswered.get(earlier.key) ?? Infinity) < (firstSent.get(record.key) ?? -1)))
        overtaken.push(`${record.method} ${record.url} before ${earlier.method} ${earlier.url} was answered`);
    }
  });
  expect(overtaken).toEqual([]);
}

/** The three options of the demo template's select questions. */
export const LABELS = ['Conforme', 'Mejorable', 'No conforme'] as const;

/** The final answers: label per select question. */
export function plan(questions: TAuditQuestion[]) {
  return questions.map((q, i) => ({ q, label: q.name === PESTS ? 'No conforme' : i % 4 === 1 ? 'Mejorable' : 'Conforme' }));
}

/** Answers a question goes through before its final one: each differs from the one before, the last from the final one. */
export function detours(final: string, rounds: number, seed: number) {
  const labels: string[] = [];
  for (let r = 0; r < rounds; r++) {
    const allowed = LABELS.filter((l) => l !== labels.at(-1) && (r < rounds - 1 || l !== final));
    labels.push(allowed[(seed + r) % allowed.length]!);
  }
  return labels;
}

/** Rounds of answer changes over every select question before the final answers (each click is one queued change). */
export const ROUNDS = 9;
/** In this round every third question is also cleared (a queued remove; its next answer is a new add). */
export const CLEAR_ROUND = 4;

/** The score as the run view writes it. */
export const formatScore = (percentage: number) =>
  `${new Intl.NumberFormat('es', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(percentage)} %`;
export const shownScore = async (page: Page) => (await page.getByTestId('audit-score').locator('.run-score-value').innerText()).trim();

export const allQuestions = (a: TAudit) => a.sections.flatMap((s) => s.questions);

/** Pending ids in a queued URL go out as the server's ids. */
export const asSent = (url: string) => new RegExp(`^${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/pending-[0-9a-f-]{36}/g, '[0-9a-f-]{36}')}$`);
