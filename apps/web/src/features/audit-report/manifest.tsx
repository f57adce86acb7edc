import { screen, type TFeatureManifest } from '../../manifest/manifest';

const report = () => import('./AuditReportPage').then((m) => m.AuditReportPage);

/** A finished audit's report, in the shell for auditors and clients, and its public link without it. */
export const auditReportManifest: TFeatureManifest = {
  id: 'audit-report',
  routes: () => [
    { path: '/auditor/audits/report/:id', ...screen(report, { backTo: '/auditor/audits' }) },
    { path: '/client-audits/audits/report/:id', ...screen(report, { backTo: '/client-audits/audits' }) },
  ],
  // The shared report: no shell, no sign-in.
  pages: () => [{ path: '/share-audit-report/:auditId', ...screen(() => import('./PublicAuditReportPage').then((m) => m.PublicAuditReportPage)) }],
};
