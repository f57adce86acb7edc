import type { TFeatureManifest } from '../../manifest/manifest';

/** The notifications drawer of the shell's header: texts only (the drawer is part of the shell). */
export const notificationsManifest: TFeatureManifest = {
  id: 'notifications',
};
