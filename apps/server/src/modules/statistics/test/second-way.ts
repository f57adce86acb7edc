import type { TStatisticsFilter } from '@audit/domain/statistics/schemas';
import { TEMPLATES, type TAuditRow, type TIncidentRow, type TRows, type TScope } from './random-world.js';

/**
 * The second way (decision 0081's consistency test): every statistic computed in plain JavaScript
 * from the generated rows, from the rules as decisions 0078 and 0081 write them, sharing no code with
 * the server. Rounding is exact: a percentage is a ratio of integers rounded half up to 2 decimals.
 */

/** a / b rounded half up to 2 decimals, a ≥ 0 and b > 0 integers (as numeric rounding does). */
const ratio2 = (a: number, b: number) => Math.floor((2 * a * 100 + b) / (2 * b)) / 100;
/** part of whole as a percentage, 2 decimals. */
const pct2 = (part: number, whole: number) => ratio2(100 * part, whole);
const day = (iso: string) => iso.slice(0, 10);
const month = (iso: string) => iso.slice(0, 7);
const inRange = (d: string, f: TStatisticsFilter) => (!f.from || d >= f.from) && (!f.to || d <= f.to);
const within = (list: readonly string[] | undefined, value: string | null | undefined) => !list?.length || (value != null && list.includes(value));
const count = <T>(rows: T[], keep: (r: T) => boolean) => rows.filter(keep).length;
function groupBy<T>(rows: T[], key: (r: T) => string) {
  const map = new Map<string, T[]>();
  for (const r of rows) map.set(key(r), [...(map.get(key(r)) ?? []), r]);
  return map;
}

/**
 * Average score % of audits with a total: the mean of their stored percentages (calls document §9:
 * final·100/total less the first deduction, never below 0). Totals are 50, 100 or 200, so each is a
 * whole number of tenths: the mean is Σ tenths over 10n, exact.
 */
function avgScore(audits: TAuditRow[]) {
  const scored = audits.filter((a) => a.total > 0);
  if (!scored.length) return null;
  const tenths = scored.reduce((s, a) => s + Math.round(Math.max(0, (a.final * 100) / a.total - a.deduction) * 10), 0);
  return ratio2(tenths, 10 * scored.length);
}

export function secondWay(rows: TRows, names: Map<string, string>, scope: TScope, f: TStatisticsFilter) {
  const areaEstablishments = new Set(rows.audits.filter((a) => within(f.areas, a.place.area.id)).map((a) => a.place.est.id));
  /** The finished audits the caller may see at all: space and services access. */
  const seen = (a: TAuditRow) => a.status === 'finished' && a.place.est.path.startsWith(scope.path) && within(scope.services, a.service);
  const audits = rows.audits.filter(
    (a) =>
      seen(a) &&
      inRange(day(a.start), f) &&
      within(f.clients, a.place.client.id) &&
      within(f.establishments, a.place.est.id) &&
      within(f.services, a.service) &&
      within(f.templates, a.template) &&
      within(f.auditRisks, a.risk) &&
      (!f.areas?.length || areaEstablishments.has(a.place.est.id)),
  );
  const incidentOf = (withSuperseded: boolean) => (i: TIncidentRow) =>
    (withSuperseded || i.status !== 'superseded') &&
    i.audit.place.est.path.startsWith(scope.path) &&
    inRange(day(i.audit.start), f) &&
    within(f.clients, i.audit.place.client.id) &&
    within(f.establishments, i.audit.place.est.id) &&
    within(f.areas, i.area?.id) &&
    within(f.templates, i.audit.template) &&
    within(f.riskLevels, i.risk) &&
    within(f.services, i.audit.service) &&
    within(scope.services, i.audit.service);
  const incidents = rows.incidents.filter(incidentOf(false));

  const issueCounts = (list: TIncidentRow[]) => ({
    issues: list.length,
    high: count(list, (i) => ['high', 'IE', 'P1'].includes(i.risk)),
    medium: count(list, (i) => i.risk === 'medium'),
    low: count(list, (i) => i.risk === 'low'),
    infrastructure: count(list, (i) => i.risk === 'infrastructure'),
    resolved: count(list, (i) => ['resolved', 'solvedInPlace'].includes(i.status)),
  });

  const benchmark = [...groupBy(audits, (a) => a.place.est.id)].map(([id, list]) => ({
    establishment: id,
    name: names.get(id) ?? null,
    audits: list.length,
    avgScorePct: avgScore(list),
  }));
  const bioScore = [...groupBy(audits, (a) => a.template)].map(([id, list]) => ({
    template: id,
    name: TEMPLATES[id]!,
    audits: list.length,
    avgScorePct: avgScore(list),
  }));
  const issueBenchmark = [...groupBy(incidents, (i) => i.audit.place.est.id)].map(([id, list]) => ({
    establishment: id,
    name: names.get(id) ?? null,
    audits: new Set(list.map((i) => i.audit.id)).size,
    ...issueCounts(list),
  }));
  const summary = {
    audits: audits.length,
    avgScorePct: avgScore(audits),
    issues: issueCounts(incidents),
    byRisk: { HIGH: count(audits, (a) => a.risk === 'HIGH'), MEDIUM: count(audits, (a) => a.risk === 'MEDIUM'), LOW: count(audits, (a) => a.risk === 'LOW') },
  };
  const periods = [...new Set([...audits.map((a) => month(a.start)), ...incidents.map((i) => month(i.audit.start))])].sort();
  const chartData = periods.map((period) => {
    const list = audits.filter((a) => month(a.start) === period);
    return { period, audits: list.length, avgScorePct: avgScore(list), issues: count(incidents, (i) => month(i.audit.start) === period) };
  });
  const countByRisk = [...groupBy(incidents, (i) => i.risk)].map(([riskLevel, list]) => ({ riskLevel, count: list.length }));
  const byType = [...groupBy(incidents, (i) => String(i.type ?? i.category ?? null))].map(([, list]) => ({
    type: list[0]!.type ?? list[0]!.category ?? null,
    count: list.length,
  }));
  const issueGroups = [...groupBy(incidents, (i) => `${i.templateIssue}|${i.name}`)].map(([, list]) => ({
    templateIssue: list[0]!.templateIssue,
    name: list[0]!.name,
    count: list.length,
  }));

  return {
    benchmark,
    bioScore,
    issueBenchmark,
    summary,
    chartData,
    countByRisk,
    byType,
    issueGroups,
    ...completions(rows, names, scope, f),
    correctiveByAge: corrective(rows, incidentOf(false), scope),
    labOutOfLimits: lab(rows, scope, f),
    repeatFindings: {
      questions: repeatQuestions(rows, names, seen, new Set(audits.map((a) => a.id))),
      incidentTypes: repeatIncidences(rows, names, incidentOf(true)),
    },
  };
}

/** Register takes: due when logged or missed, done when a log has values or was completed by hand. */
function completions(rows: TRows, names: Map<string, string>, scope: TScope, f: TStatisticsFilter) {
  const takes = rows.takes.filter(
    (k) =>
      // A register is seen in its client's space and below, and from under it (it covers every establishment and area here).
      (k.register.client.path.startsWith(scope.path) || scope.path.startsWith(k.register.client.path)) &&
      k.facility.path.startsWith(scope.path) &&
      within(scope.registers, k.register.areaAccess) &&
      inRange(k.slot, f) &&
      within(f.clients, k.register.client.id) &&
      within(f.establishments, k.establishment.id) &&
      within(f.areas, k.facility.id) &&
      within(f.templates, k.register.template) &&
      within(f.areaAccess, k.register.areaAccess),
  );
  const by = (key: (k: (typeof takes)[number]) => string, named = false) =>
    [...groupBy(takes, key)].map(([k, list]) => {
      const done = count(list, (t) => t.log === 'values' || t.log === 'manual');
      return { key: k, name: named ? (names.get(k) ?? null) : null, due: list.length, done, completionPct: pct2(done, list.length) };
    });
  return {
    byAccessCompletion: by((k) => k.register.areaAccess),
    byPeriodCompletion: by((k) => month(k.slot)),
    byEstablishmentCompletion: by((k) => k.establishment.id, true),
  };
}

/** The calendar day of an instant in an IANA zone, by Intl (en-CA writes YYYY-MM-DD). */
const dayIn = (at: Date, zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * Corrective actions of the live incidents of the filter: open, overdue, closed, days to close, open
 * ones by age. Today and each action's days are those of its establishment's zone (decision 0094).
 */
function corrective(rows: TRows, keep: (i: TIncidentRow) => boolean, scope: TScope) {
  const now = new Date();
  const tasks = rows.tasks.filter((t) => keep(t.incident) && t.incident.audit.place.est.path.startsWith(scope.path));
  const open = tasks.filter((t) => t.status !== 'complete');
  const today = (t: (typeof tasks)[number]) => dayIn(now, t.incident.audit.place.zone);
  const overdue = (t: (typeof tasks)[number]) => t.due !== null && t.due < today(t);
  const age = (t: (typeof tasks)[number]) => Math.round((Date.parse(today(t)) - Date.parse(dayIn(t.created, t.incident.audit.place.zone))) / 86_400_000);
  const bucket = (t: (typeof tasks)[number]) => {
    const d = age(t);
    return d <= 7 ? '0-7' : d <= 30 ? '8-30' : d <= 90 ? '31-90' : '90+';
  };
  const timed = tasks.filter((t) => t.status === 'complete' && t.completed);
  // Whole eighths of a day: avg = Σ eighths / (8 n).
  const eighths = timed.reduce((s, t) => s + Math.round((t.completed!.getTime() - t.created.getTime()) / 10_800_000), 0);
  return {
    open: open.length,
    overdue: count(open, overdue),
    closed: tasks.length - open.length,
    avgDaysToClose: timed.length ? ratio2(eighths, 8 * timed.length) : null,
    buckets: (['0-7', '8-30', '31-90', '90+'] as const).map((key) => ({
      key,
      open: count(open, (t) => bucket(t) === key),
      overdue: count(open, (t) => bucket(t) === key && overdue(t)),
    })),
  };
}

/** Lab results of readable reports in range, out of limits when below min or above max. */
function lab(rows: TRows, scope: TScope, f: TStatisticsFilter) {
  const results = rows.labs
    .filter(
      (l) =>
        l.path.startsWith(scope.path) &&
        scope.lab.includes(l.category) &&
        inRange(l.day, f) &&
        within(f.clients, l.client.id) &&
        within(f.establishments, l.est.id) &&
        within(f.areas, l.area?.id),
    )
    .flatMap((l) => l.results);
  const out = (x: (typeof results)[number]) => (x.min !== null && x.value < x.min) || (x.max !== null && x.value > x.max);
  const pct = (n: number, d: number) => (d ? pct2(n, d) : null);
  return {
    results: results.length,
    outOfLimits: count(results, out),
    outOfLimitsPct: pct(count(results, out), results.length),
    byParameter: [...groupBy(results, (x) => x.parameter)].map(([parameter, list]) => ({
      parameter,
      results: list.length,
      outOfLimits: count(list, out),
      outOfLimitsPct: pct(count(list, out), list.length),
    })),
  };
}

/** The audits' order: start, then id (uuids compare as their lower-case text). */
const order = (x: TAuditRow, y: TAuditRow) => (x.start === y.start ? (x.id < y.id ? -1 : 1) : Date.parse(x.start) - Date.parse(y.start));

/** A template question failed in an audit and again in the next seen audit of the establishment and service that asked it (decision 0100). */
function repeatQuestions(rows: TRows, names: Map<string, string>, seen: (a: TAuditRow) => boolean, inFilter: Set<string>) {
  const asked = rows.audits.filter(seen).flatMap((a) =>
    [...groupBy(a.answers, (q) => q.question)].map(([question, copies]) => ({
      audit: a,
      question,
      name: copies[0]!.name,
      failed: copies.some((c) => c.failed === true),
    })),
  );
  // The chains run per establishment, service and question; the answer counts per establishment and question.
  const repeats = [...groupBy(asked, (x) => `${x.audit.place.est.id}|${x.audit.service}|${x.question}`).values()].flatMap((chain) => {
    chain.sort((x, y) => order(x.audit, y.audit));
    return chain.filter((x, n) => n > 0 && x.failed && chain[n - 1]!.failed && inFilter.has(x.audit.id));
  });
  const out = [];
  for (const [, list] of groupBy(repeats, (x) => `${x.audit.place.est.id}|${x.question}`)) {
    const last = list.sort((x, y) => order(x.audit, y.audit)).at(-1)!;
    out.push({
      establishment: last.audit.place.est.id,
      establishmentName: names.get(last.audit.place.est.id) ?? null,
      question: last.question,
      questionText: last.name,
      cameBack: list.length,
      lastAudit: last.audit.id,
      lastDate: day(last.audit.start),
    });
  }
  return out;
}

/** An incidence raised in n > 1 audits of one establishment within the filter came back n − 1 times. */
function repeatIncidences(rows: TRows, names: Map<string, string>, keep: (i: TIncidentRow) => boolean) {
  const finding = (i: TIncidentRow) => i.templateIssue ?? `name:${i.name.trim().toLowerCase()}`;
  const out = [];
  for (const [, list] of groupBy(rows.incidents.filter(keep), (i) => `${i.audit.place.est.id}|${finding(i)}`)) {
    const audits = [...new Set(list.map((i) => i.audit))].sort(order);
    if (audits.length < 2) continue;
    const last = audits.at(-1)!;
    out.push({
      establishment: last.place.est.id,
      establishmentName: names.get(last.place.est.id) ?? null,
      templateIssue: list[0]!.templateIssue,
      /** Any name of the latest audit's incidents of this finding (own names differ in case). */
      names: list.filter((i) => i.audit === last).map((i) => i.name),
      audits: audits.length,
      cameBack: audits.length - 1,
      lastAudit: last.id,
      lastDate: day(last.start),
    });
  }
  return out;
}
