import { accessManifest } from '../features/access/manifest';
import { adminManifest } from '../features/admin/manifest';
import { auditReportManifest } from '../features/audit-report/manifest';
import { auditRunManifest } from '../features/audit-run/manifest';
import { auditsManifest } from '../features/audits/manifest';
import { authManifest } from '../features/auth/manifest';
import { clientsManifest } from '../features/clients/manifest';
import { incidentsManifest } from '../features/incidents/manifest';
import { labDataManifest } from '../features/lab-data/manifest';
import { nomenclaturesManifest } from '../features/nomenclatures/manifest';
import { onboardingManifest } from '../features/onboarding/manifest';
import { notificationsManifest } from '../features/notifications/manifest';
import { profileManifest } from '../features/profile/manifest';
import { registerLogsManifest } from '../features/register-logs/manifest';
import { registerTemplatesManifest } from '../features/register-templates/manifest';
import { registersManifest } from '../features/registers/manifest';
import { registerTracesManifest } from '../features/register-traces/manifest';
import { spacesManifest } from '../features/spaces/manifest';
import { tasksManifest } from '../features/tasks/manifest';
import { templatesManifest } from '../features/templates/manifest';
import { usersManifest } from '../features/users/manifest';
import type { TFeatureManifest } from './manifest';
import { sectionsManifest } from './sections';

/**
 * Every part of the app, one line each: router.tsx, menu.ts and translations.ts assemble these.
 * A new domain adds its folder with a manifest.tsx and one line here (decision 0017).
 */
export const FEATURES: readonly TFeatureManifest[] = [
  sectionsManifest,
  authManifest,
  spacesManifest,
  profileManifest,
  usersManifest,
  accessManifest,
  adminManifest,
  onboardingManifest,
  templatesManifest,
  clientsManifest,
  nomenclaturesManifest,
  auditsManifest,
  auditRunManifest,
  auditReportManifest,
  notificationsManifest,
  registersManifest,
  registerLogsManifest,
  registerTemplatesManifest,
  incidentsManifest,
  labDataManifest,
  tasksManifest,
  registerTracesManifest,
];
