import { sql } from 'drizzle-orm';
import type { TStatisticsFilter } from '@audit/domain/statistics/schemas';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { correctiveByAge as correctiveRows } from './corrective.js';
import { labOutOfLimits as labRows } from './lab.js';
import * as repo from './repo.js';
import { repeatFindings as repeatRows } from './repeats.js';

/**
 * Each statistic read in the caller's scoped transaction (row security on), decision 0078, with room
 * to sort a year of incidents in memory (at 4 MB, the default, a year's findings of a large tenant
 * were sorted on disk) and random reads costed as a cached table's: the covering indexes of
 * migration 0065 hold every column these reads need, and at the default cost (4 sequential reads)
 * the planner scanned the whole incidents table for a year of it instead (decision 0100).
 */
const read =
  <T>(work: (tx: TDb, caller: TAuth, f: TStatisticsFilter) => Promise<T>) =>
  (ctx: TModuleContext, caller: TAuth, f: TStatisticsFilter) =>
    scoped(ctx, caller, async (tx) => {
      await tx.execute(sql`select set_config('work_mem', '16MB', true), set_config('random_page_cost', '1.1', true)`);
      return work(tx, caller, f);
    });

export const benchmark = read(repo.scoreByEstablishment);
export const bioScore = read(repo.scoreByTemplate);
export const issueBenchmark = read(repo.issuesByEstablishment);
export const summary = read(repo.summary);
export const chartData = read(repo.monthly);
export const countByRisk = read(repo.countByRisk);
export const byType = read(repo.countByType);
export const topFive = read(repo.topFive);
export const byAccessCompletion = read((tx, caller, f) => repo.completion(tx, caller, f, 'areaAccess'));
export const byPeriodCompletion = read((tx, caller, f) => repo.completion(tx, caller, f, 'period'));
export const byEstablishmentCompletion = read((tx, caller, f) => repo.completion(tx, caller, f, 'establishment'));
export const correctiveByAge = read(correctiveRows);
export const labOutOfLimits = read(labRows);
export const repeatFindings = read(repeatRows);

/** Everything the two reports show, read in one transaction (two passes: repo.report). */
export const reportData = read(repo.report);
export type TReportData = Awaited<ReturnType<typeof reportData>>;
