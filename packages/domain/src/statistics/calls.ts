import { CORE, STATISTICS, defineCall } from '../calls/define.js';
import {
  ZChartData,
  ZCompletion,
  ZCountByRisk,
  ZCountByType,
  ZCorrectiveByAge,
  ZDigestChange,
  ZDigestSubscription,
  ZLabOutOfLimits,
  ZRepeatFindings,
  ZIssueBenchmark,
  ZScoreByEstablishment,
  ZScoreByTemplate,
  ZStatisticsFilter,
  ZStatisticsSummary,
  ZTopFive,
} from './schemas.js';

const AUDITS = `${CORE}/audits`;
const body = ZStatisticsFilter;

/**
 * The thirteen statistics calls of the calls document (decision 0078) and three of our own (decision
 * 0081: corrective actions by age, lab results out of limits, repeat findings): one filter body for all.
 */
export const statisticsCalls = {
  issueBenchmark: defineCall({
    name: 'statistics.issueBenchmark',
    method: 'POST',
    path: `${AUDITS}/search-benchmark-from-issue-client`,
    body,
    response: ZIssueBenchmark,
  }),
  excel: defineCall({ name: 'statistics.excel', method: 'POST', path: `${AUDITS}/statistics-excel`, body, file: true, errors: ['noDataInRange'] }),
  categorizationPdf: defineCall({
    name: 'statistics.categorizationPdf',
    method: 'POST',
    path: `${AUDITS}/categorization-pdf`,
    body,
    file: true,
    errors: ['noDataInRange'],
  }),
  chartData: defineCall({ name: 'statistics.chartData', method: 'POST', path: `${AUDITS}/get-chart-data`, body, response: ZChartData }),
  summary: defineCall({ name: 'statistics.summary', method: 'POST', path: `${AUDITS}/search-summary-from-client`, body, response: ZStatisticsSummary }),
  byAccessCompletion: defineCall({
    name: 'statistics.byAccessCompletion',
    method: 'POST',
    path: `${STATISTICS}/register-statistics/by-access-completion`,
    body,
    response: ZCompletion,
  }),
  byPeriodCompletion: defineCall({
    name: 'statistics.byPeriodCompletion',
    method: 'POST',
    path: `${STATISTICS}/register-statistics/by-period-completion`,
    body,
    response: ZCompletion,
  }),
  byEstablishmentCompletion: defineCall({
    name: 'statistics.byEstablishmentCompletion',
    method: 'POST',
    path: `${STATISTICS}/register-statistics/by-establishment-completion`,
    body,
    response: ZCompletion,
  }),
  benchmark: defineCall({
    name: 'statistics.benchmark',
    method: 'POST',
    path: `${STATISTICS}/audit-statistics/benchmark`,
    body,
    response: ZScoreByEstablishment,
  }),
  bioScore: defineCall({ name: 'statistics.bioScore', method: 'POST', path: `${STATISTICS}/audit-statistics/bio-score`, body, response: ZScoreByTemplate }),
  byType: defineCall({ name: 'statistics.byType', method: 'POST', path: `${STATISTICS}/issue-statistics/by-type`, body, response: ZCountByType }),
  topFive: defineCall({ name: 'statistics.topFive', method: 'POST', path: `${STATISTICS}/issue-statistics/top-five`, body, response: ZTopFive }),
  countByRisk: defineCall({
    name: 'statistics.countByRisk',
    method: 'POST',
    path: `${STATISTICS}/issue-statistics/count-by-risk`,
    body,
    response: ZCountByRisk,
  }),
  correctiveByAge: defineCall({
    name: 'statistics.correctiveByAge',
    method: 'POST',
    path: `${STATISTICS}/corrective-statistics/by-age`,
    body,
    response: ZCorrectiveByAge,
  }),
  labOutOfLimits: defineCall({
    name: 'statistics.labOutOfLimits',
    method: 'POST',
    path: `${STATISTICS}/lab-statistics/out-of-limits`,
    body,
    response: ZLabOutOfLimits,
  }),
  repeatFindings: defineCall({
    name: 'statistics.repeatFindings',
    method: 'POST',
    path: `${STATISTICS}/audit-statistics/repeat-findings`,
    body,
    response: ZRepeatFindings,
  }),
  /** The caller's monthly digest by e-mail (decision 0091): read, and subscribe or not. */
  digest: defineCall({ name: 'statistics.digest', method: 'GET', path: `${STATISTICS}/digest`, response: ZDigestSubscription }),
  setDigest: defineCall({ name: 'statistics.setDigest', method: 'PUT', path: `${STATISTICS}/digest`, body: ZDigestChange, response: ZDigestSubscription }),
};
