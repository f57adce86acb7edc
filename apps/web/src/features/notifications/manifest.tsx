import type { TFeatureManifest } from '../../app/manifest';
import en from './i18n/en.json';
import es from './i18n/es.json';

/** The notifications drawer of the shell's header: texts only (the drawer is part of the shell). */
export const notificationsManifest: TFeatureManifest = {
  id: 'notifications',
  translations: { es, en },
};
