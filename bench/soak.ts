import { answerBody, questionsOf, runningAudits } from './audits.js';
import { measureRequests, startServer, type TRequest } from './lib.js';

/**
 * Soak (issue 27): 50 connections for SOAK_SECONDS (default 600: ten minutes) on one server, each an
 * auditor's run view on its own running audit of 300 questions: the audit's GET and keyed answers
 * (each with its own Idempotency-Key, as the run view sends them), four answers per read. Reports
 * requests served, errors (must be 0) and the server process's resident memory sampled over the run
 * (the load generator is a process of its own, so the figure is the server's: it must stay flat).
 */
const CLIENTS = 50;

export async function benchSoak(engine: 'pglite' | 'postgres') {
  const seconds = Number(process.env.SOAK_SECONDS ?? 600);
  const server = await startServer(engine);
  try {
    const { audits, headers } = await runningAudits(server, CLIENTS);
    // Client k works on audit k: its requests sit at positions k, k+50, … of the cycled list.
    const streams = audits.map((audit) =>
      questionsOf(audit).flatMap(({ s, q }, i): TRequest[] => [
        ...(i % 4 === 0 ? [{ path: `/ms-core/api/audits/${audit._id}`, headers }] : []),
        { method: 'POST', path: `/ms-core/api/audits/${audit._id}/answer/add`, headers, body: answerBody(s, q, i) },
      ]),
    );
    const length = Math.min(...streams.map((s) => s.length));
    const requests = Array.from({ length }, (_, i) => streams.map((s) => s[i]!)).flat();

    global.gc?.();
    const samples: number[] = [];
    const sample = () => samples.push(Math.round(process.memoryUsage().rss / 2 ** 20));
    sample();
    const every = setInterval(sample, Math.max(5, seconds / 20) * 1000);
    let served = 0;
    let errors = 0;
    let perSecond = 0;
    let medianMs = 0;
    let p95Ms = 0;
    try {
      const m = await measureRequests(server.base, requests, { concurrency: CLIENTS, durationMs: seconds * 1000, keyPrefix: `soak-${Date.now()}` });
      ({ requests: served, perSecond, medianMs, p95Ms } = m);
    } catch (error) {
      const counts = error as Error & { sent?: number; failures?: string[] };
      if (!counts.failures) throw error;
      served = counts.sent ?? 0;
      errors = counts.failures.length;
      console.error(counts.message);
    } finally {
      clearInterval(every);
      sample();
    }
    const settled = samples.slice(Math.floor(samples.length / 2));
    return {
      soak: {
        seconds,
        connections: CLIENTS,
        served,
        errors,
        perSecond,
        medianMs,
        p95Ms,
        rssStartMb: samples[0]!,
        rssMaxMb: Math.max(...samples),
        rssEndMb: samples.at(-1)!,
        // Growth over the second half of the run: a leak keeps growing there, a warm-up does not.
        rssSecondHalfGrowthMb: settled.at(-1)! - settled[0]!,
      },
      rssSamplesMb: Object.fromEntries(samples.map((mb, i) => [`t${i}`, mb])),
    };
  } finally {
    await server.stop();
  }
}
