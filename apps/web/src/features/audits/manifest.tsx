import { AuditOutlined, FileProtectOutlined } from '@ant-design/icons';
import type { TPermission } from '@audit/domain/permissions';
import { screen, type TFeatureManifest } from '../../manifest/manifest';

const list = () => import('./AuditsListPage').then((m) => m.AuditsListPage);
const AUDIT_READ: TPermission[] = ['AUDIT:READ'];

/** The audit lists of auditors and clients (the wizard opens from them). */
export const auditsManifest: TFeatureManifest = {
  id: 'audits',
  routes: () => [
    { path: '/auditor/audits', ...screen(list, { kind: 'auditor' }) },
    { path: '/client-audits/audits', ...screen(list, { kind: 'client' }) },
  ],
  menu: [
    { key: 'clientAudits', icon: <AuditOutlined />, audience: 'client', permissions: AUDIT_READ, order: 40 },
    { key: 'clientAuditsAudits', path: '/client-audits/audits', audience: 'client', parent: 'clientAudits', order: 20 },
    // Auditors run audits; an administrator (or whoever may create audits) plans them here too,
    // under its own name: the client group beside it is already called "Auditorías".
    {
      key: 'auditorAudits',
      icon: <FileProtectOutlined />,
      path: '/auditor/audits',
      audience: 'auditor',
      alsoFor: ['AUDIT:CREATE'],
      alsoForLabel: 'auditorAuditsPlanning',
      permissions: AUDIT_READ,
      order: 130,
    },
  ],
};
