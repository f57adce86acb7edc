import { screen, type TFeatureManifest } from '../../manifest/manifest';

/** /onboarding: a newcomer's profile, new password and terms, where the space has onboarding on (decision 0041). */
export const onboardingManifest: TFeatureManifest = {
  id: 'onboarding',
  pages: () => [{ path: '/onboarding', ...screen(() => import('./OnboardingPage').then((m) => m.OnboardingPage)) }],
};
