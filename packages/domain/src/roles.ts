/** The roles every new root space starts with. ADMIN passes every permission check. */
export interface TRoleTemplate {
  name: string;
  superAdmin: boolean;
  permissions: string[];
}

const read = (...modules: string[]) => modules.map((m) => `${m}:READ`);

export const DEFAULT_ROLES: TRoleTemplate[] = [
  { name: 'SUPER_ADMIN', superAdmin: true, permissions: ['ADMIN'] },
  { name: 'SPACE_ADMIN', superAdmin: false, permissions: ['ADMIN'] },
  { name: 'SPACE_OWNER', superAdmin: false, permissions: ['ADMIN'] },
  {
    name: 'auditor',
    superAdmin: false,
    permissions: [
      'AUDIT:READ',
      'AUDIT:CREATE',
      'AUDIT:WRITE',
      'AUDIT:DELETE',
      ...read('CLIENTS', 'ESTABLISHMENT', 'AREA', 'STRUCTURE', 'TEMPLATES', 'AUDIT-TEMPLATE', 'CATEGORY', 'SERVICES', 'TYPE_AREA', 'ISSUE', 'ANALYTICS'),
      'REGISTER:READ',
      'REGISTER:WRITE',
      'ISSUE:WRITE',
      'LAB_DATA_VIEW',
      'CATEGORY_VIEW',
      'NOTIFICATION:READ',
      'NOTIFICATION:NOTIFY',
    ],
  },
  {
    name: 'USER',
    superAdmin: false,
    permissions: [
      'AUDIT:READ',
      'REGISTER:READ',
      'ISSUE:READ',
      'ANALYTICS:READ',
      'LAB_DATA_VIEW',
      'LAB_DATA_ISSUES_VIEW',
      'GOOGLE_DRIVE_VIEW',
      'NOTIFICATION:READ',
      'FAQ:READ',
    ],
  },
  { name: 'worker', superAdmin: false, permissions: ['AUDIT:READ', 'REGISTER:READ', 'REGISTER:WRITE', 'ISSUE:READ', 'ISSUE:WRITE'] },
  {
    name: 'laboratory',
    superAdmin: false,
    permissions: ['LAB_DATA_VIEW', 'LAB_DATA_WRITE', 'LAB_DATA_ISSUES_VIEW', 'LAB_DATA_ISSUES_WRITE', 'SAMPLE_TYPE_VIEW', 'REQUEST_VIEW'],
  },
];
