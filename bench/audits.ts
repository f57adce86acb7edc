import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { unsafeUnscoped } from '../apps/server/src/platform/tenancy.js';
import { seedDemo, DEMO_PASSWORD } from '../apps/server/src/seed/demo.js';
import { templateBuilder, type TSeedIncident } from '../apps/server/src/seed/template-builder.js';
import { measureRequests, startServer, type TMeasure, type TRequest } from './lib.js';

/**
 * Issue 4's budgets, on the demo data plus a generated template of 300 questions:
 * - GET /audits/{id} of an audit with 300 answers, 60 issues and 40 photos;
 * - saving answers with 50 concurrent clients (each an auditor on their own audit), back to back
 *   and paced at 25 answers/s each, then a check that no answer was lost or doubled;
 * - the PDF of the big audit, from the request to the file.
 */
const QUESTIONS = 300;
const SECTIONS = 10;
const CLIENTS = 50;

type TJson = Record<string, any>;

/**
 * The demo data, the 300-question template, `clients` running audits of the auditor, and the first of
 * them (the big one) answered in full with 60 issues and 40 photos.
 */
export async function setUpAudits(server: Awaited<ReturnType<typeof startServer>>, clients = CLIENTS) {
  const { api, auditor, audits, headers } = await runningAudits(server, clients);

  // The big audit: every question answered (1 in 5 failed), 60 issues with their task, 40 photos.
  const big = audits[0]!;
  const bigQuestions = questionsOf(big);
  for (const [i, { s, q }] of bigQuestions.entries())
    await api.call(auditor, 'POST', `/ms-core/api/audits/${big._id}/answer/add`, JSON.parse(answerBody(s, q, i % 5 === 0 ? 2 : 0)));
  const withIncidences = bigQuestions.filter(({ q }) => q.incidences.length).slice(0, 60);
  for (const { s, q } of withIncidences)
    await api.call(auditor, 'PATCH', `/ms-core/api/audits/${big._id}/sections/${s._id}/questions/${q._id}/issues-tasks`, {
      issuesToAdd: [q.incidences[0]._id],
      issuesToRemove: [],
      tasksToAdd: [],
      tasksToRemove: [],
    });
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 40, g: 120, b: 180 } } })
    .jpeg()
    .toBuffer();
  const issueOf = async (s: TJson, q: TJson) =>
    (await api.call(auditor, 'GET', `/ms-core/api/audits/${big._id}`)).sections
      .find((x: TJson) => x._id === s._id)
      .questions.find((x: TJson) => x._id === q._id).issues[0];
  for (const { s, q } of withIncidences.slice(0, 40)) {
    const issue = await issueOf(s, q);
    const form = new FormData();
    form.set('issue', issue._id);
    form.set('file', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
    const res = await fetch(`${server.base}/ms-core/api/audits/${big._id}/sections/${s._id}/questions/${q._id}/evidences`, {
      method: 'POST',
      headers: { authorization: `Bearer ${auditor}` },
      body: form,
    });
    if (!res.ok) throw new Error(`evidence upload answered ${res.status}: ${await res.text()}`);
  }
  const loaded = await api.call(auditor, 'GET', `/ms-core/api/audits/${big._id}`);
  const shape = {
    questions: questionsOf(loaded).length,
    answers: questionsOf(loaded).filter(({ q }) => q.answer).length,
    issues: questionsOf(loaded).reduce((n, { q }) => n + q.issues.length, 0),
    photos: questionsOf(loaded).reduce((n, { q }) => n + q.issues.reduce((m: number, i: TJson) => m + i.evidences.length, 0), 0),
  };
  return { api, auditor, audits, big, bigQuestions, loaded, shape, headers };
}

export const questionsOf = (audit: TJson) => (audit.sections as TJson[]).flatMap((s) => (s.questions as TJson[]).map((q) => ({ s, q })));
export const answerBody = (s: TJson, q: TJson, pick: number) =>
  JSON.stringify({ section: s._id, question: q._id, templateAnswer: { type: 'select', select: [q.select.options[pick % 3]._id] } });

export async function benchAudits(engine: 'pglite' | 'postgres'): Promise<Record<string, TMeasure | Record<string, number>>> {
  const server = await startServer(engine);
  try {
    const { api, auditor, audits, big, bigQuestions, shape, headers } = await setUpAudits(server);
    const getAudit = (n: number): TRequest[] => Array.from({ length: n }, () => ({ path: `/ms-core/api/audits/${big._id}`, headers }));
    const figures: Record<string, TMeasure | Record<string, number>> = { big_audit: shape };
    figures.get_audit_c1 = await measureRequests(server.base, getAudit(200), { concurrency: 1 });
    figures.get_audit_c10 = await measureRequests(server.base, getAudit(500), { concurrency: 10 });

    // 50 clients, each answering its own audit: adds for all 300 questions, then updates.
    const round = (pick: number) =>
      audits
        .slice(1)
        .concat(audits[0]!)
        .flatMap((audit) => questionsOf(audit).map(({ s, q }) => ({ audit, s, q, pick })));
    const interleave = (items: ReturnType<typeof round>) => {
      // Client k sends the k-th audit's answers: interleaving keeps each audit's answers in one client's stream order.
      const byAudit = new Map<string, typeof items>();
      for (const item of items) byAudit.set(item.audit._id, [...(byAudit.get(item.audit._id) ?? []), item]);
      const lists = [...byAudit.values()];
      return Array.from({ length: Math.max(...lists.map((l) => l.length)) }, (_, i) =>
        lists.map((l) => l[i]).filter((x): x is (typeof items)[number] => Boolean(x)),
      ).flat();
    };
    const toRequest = ({ audit, s, q, pick }: ReturnType<typeof round>[number]): TRequest => ({
      method: 'POST',
      path: `/ms-core/api/audits/${audit._id}/answer/add`,
      headers,
      body: answerBody(s, q, pick),
    });
    const backToBack = interleave(round(1));
    const paced = interleave(round(0)).slice(0, CLIENTS * 150);
    figures.answers_c50_back_to_back = await measureRequests(server.base, backToBack.map(toRequest), { concurrency: CLIENTS });
    figures.answers_c50_paced_25_per_s = await measureRequests(server.base, paced.map(toRequest), { concurrency: CLIENTS, perClientPerSecond: 25 });
    // Each question must hold the option it was sent last (the paced round came after the other).
    const expected = new Map([...backToBack, ...paced].map(({ q, pick }) => [q._id as string, q.select.options[pick % 3]._id as string]));
    figures.answers_check = await checkAnswers(
      server.db,
      audits.map((a) => a._id as string),
      expected,
    );

    // PDF of the big audit: finish it, ask for the PDF, wait until the job made it.
    await finishBig(api, auditor, big, bigQuestions);
    const t0 = performance.now();
    const first = await api.call(auditor, 'POST', `/ms-core/api/reports/audit/${big._id}/pdf`);
    if (!first.pdfSendToGenerate && !first.pdfUrl) throw new Error(`unexpected PDF answer ${JSON.stringify(first)}`);
    for (;;) {
      const again = await api.call(auditor, 'POST', `/ms-core/api/reports/audit/${big._id}/pdf`);
      if (again.pdfUrl) break;
      if (performance.now() - t0 > 60_000) throw new Error('PDF not ready after 60 s');
      await new Promise((r) => setTimeout(r, 50));
    }
    figures.pdf = { readyMs: Math.round(performance.now() - t0) };
    return figures;
  } finally {
    await server.stop();
  }
}

export function apiOf(base: string) {
  return {
    async signin(username: string) {
      const res = await fetch(`${base}/auth/api/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: DEMO_PASSWORD }),
      });
      return ((await res.json()) as { accessToken: string }).accessToken;
    },
    async call(token: string, method: string, path: string, body?: unknown): Promise<TJson> {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
      return text ? JSON.parse(text) : {};
    },
  };
}

/** Demo data, plus a 300-question hygiene template (scored selects; 1 in 4 with an incident) in the demo tenant's goals. */
export async function seedBigTemplate(db: Awaited<ReturnType<typeof startServer>>['db']) {
  return unsafeUnscoped(db, async (tx) => {
    await seedDemo(tx);
    const root = (await tx.execute<{ id: string; secure_space_path: string }>(sql`select id, secure_space_path from spaces where identifier = 'demo'`))
      .rows[0]!;
    const refs = (
      await tx.execute<{ service: string; area: string }>(
        sql`select (select id from services where code = 'AUD-HIG') as service, (select id from area_types where name = 'Cocina' and secure_space_path = ${root.secure_space_path}) as area`,
      )
    ).rows[0]!;
    const builder = templateBuilder({ id: root.id, path: root.secure_space_path } as never);
    const t = builder.template({
      name: 'Bench 300',
      description: 'Generated for the benchmark',
      serviceId: refs.service,
      areaAccessId: refs.area,
      enabled: true,
    });
    const cover = t.section('Portada', 'DATA');
    cover.field('Responsable', 'text');
    for (let s = 0; s < SECTIONS; s++) {
      const section = t.section(`Sección ${s + 1}`, 'QUESTION');
      for (let q = 0; q < QUESTIONS / SECTIONS; q++) {
        const incidents: TSeedIncident[] =
          q % 4 === 0
            ? [
                ['Deficiencia', 'high', 10, ['Corregir']],
                ['Observación', 'low', 0, ['Revisar', 'Formar']],
              ]
            : [];
        section.scored(`Pregunta ${s + 1}.${q + 1}`, incidents);
      }
    }
    await builder.write(tx);
    await tx.execute(
      sql`update space_service_goals set templates = array_append(templates, ${t.id}::uuid) where service_id = ${refs.service} and cardinality(templates) > 0`,
    );
    return t.id;
  });
}

export async function referencesFor(db: Awaited<ReturnType<typeof startServer>>['db']) {
  return unsafeUnscoped(db, async (tx) => {
    const row = (
      await tx.execute<{ client: string; establishment: string; service: string; auditor: string }>(sql`
      select (select id from spaces where identifier = 'hotel-mar-azul') as client,
        (select id from spaces where identifier = 'hotel-mar-azul-valencia') as establishment,
        (select id from services where code = 'AUD-HIG') as service,
        (select id from users where email = 'auditor@demo.test') as auditor`)
    ).rows[0]!;
    return row;
  });
}

/** After the runs every audit has exactly one answer per question: none lost, none doubled. */
/** Every question answered once, with the option it was sent last (no answer lost, doubled or stale). */
async function checkAnswers(db: Awaited<ReturnType<typeof startServer>>['db'], ids: string[], expected: Map<string, string>) {
  const list = `{${ids.join(',')}}`;
  return unsafeUnscoped(db, async (tx) => {
    const rows = (
      await tx.execute<{ answers: number; questions: number; duplicates: number }>(sql`
      select (select count(*)::int from audit_answers where audit_id = any(${list}::uuid[])) as answers,
        (select count(*)::int from audit_questions where audit_id = any(${list}::uuid[])) as questions,
        (select count(*)::int from (select question_id from audit_answers where audit_id = any(${list}::uuid[]) group by question_id having count(*) > 1) d) as duplicates`)
    ).rows[0]!;
    const stored = (
      await tx.execute<{ question_id: string; option: string }>(sql`
      select question_id, template_answer->'select'->>0 as option from audit_answers where audit_id = any(${list}::uuid[])`)
    ).rows;
    const stale = stored.filter((row) => expected.get(row.question_id) !== row.option).length;
    const counts = { ...rows, stale };
    if (rows.answers !== rows.questions || rows.answers !== expected.size || rows.duplicates !== 0 || stale !== 0)
      throw new Error(`answers lost, doubled or stale: ${JSON.stringify(counts)}`);
    return counts;
  });
}

/** Failed answers already carry an issue where the question offers one; the rest are answered Conforme so the audit can finish. */
export async function finishBig(api: ReturnType<typeof apiOf>, token: string, big: TJson, questions: { s: TJson; q: TJson }[]) {
  const current = await api.call(token, 'GET', `/ms-core/api/audits/${big._id}`);
  const byId = new Map((current.sections as TJson[]).flatMap((s) => (s.questions as TJson[]).map((q) => [q._id, q] as const)));
  for (const { s, q } of questions) {
    const now = byId.get(q._id)!;
    const failed = now.answer?.failed;
    const hasIssue = now.issues.length > 0;
    if (failed && !hasIssue)
      await api.call(token, 'POST', `/ms-core/api/audits/${big._id}/answer/add`, {
        section: s._id,
        question: q._id,
        templateAnswer: { type: 'select', select: [q.select.options[0]._id] },
      });
    if (!failed && hasIssue)
      await api.call(token, 'POST', `/ms-core/api/audits/${big._id}/answer/add`, {
        section: s._id,
        question: q._id,
        templateAnswer: { type: 'select', select: [q.select.options[2]._id] },
      });
  }
  await api.call(token, 'PATCH', `/ms-core/api/audits/${big._id}/finished`);
}

/** The 300-question template and `clients` audits of the demo auditor, started (the soak's and this file's start). */
export async function runningAudits(server: Awaited<ReturnType<typeof startServer>>, clients: number) {
  const templateId = await seedBigTemplate(server.db);
  const api = apiOf(server.base);
  const auditor = await api.signin('auditor@demo.test');
  const refs = await referencesFor(server.db);
  const audits: TJson[] = [];
  for (let i = 0; i < clients; i++) {
    const created = await api.call(auditor, 'POST', '/ms-core/api/audits', {
      client: refs.client,
      establishment: refs.establishment,
      service: refs.service,
      template: templateId,
      auditor: refs.auditor,
      startDate: '2026-11-02',
      date: ['2026-11-02', '2026-11-03'],
    });
    audits.push(await api.call(auditor, 'PATCH', `/ms-core/api/audits/${created._id}/execute?use_previous=false`));
  }
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${auditor}` };
  return { api, auditor, refs, audits, headers };
}
