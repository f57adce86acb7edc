import { screen, type TFeatureManifest } from '../../manifest/manifest';

/**
 * The audit run view. Its loader starts reading the audit (auditRunApi.ts, a small chunk of its own)
 * while the page's chunk downloads. The service worker precaches both for offline (decision 0011).
 */
export const auditRunManifest: TFeatureManifest = {
  id: 'audit-run',
  offline: () => import('./offline/auditResource'),
  routes: ({ queryClient }) => [
    {
      path: '/auditor/audits/run/:auditId',
      loader: async ({ params }) => (await import('./auditRunApi')).prefetchAuditRun(queryClient, params.auditId ?? ''),
      ...screen(() => import('./AuditRunPage').then((m) => m.AuditRunPage)),
    },
  ],
};
