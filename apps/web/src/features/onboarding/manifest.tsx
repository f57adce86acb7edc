import { screen, type TFeatureManifest } from '../../app/manifest';
import en from './i18n/en.json';
import es from './i18n/es.json';

/** /onboarding: a newcomer's profile, new password and terms, where the space has onboarding on (decision 0041). */
export const onboardingManifest: TFeatureManifest = {
  id: 'onboarding',
  translations: { es, en },
  pages: () => [{ path: '/onboarding', ...screen(() => import('./OnboardingPage').then((m) => m.OnboardingPage)) }],
};
