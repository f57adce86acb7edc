import { useEffect } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { authCalls } from '@audit/domain/calls/auth';
import { send } from '../api/send';
import type { TMe } from '../session/me';
import { clearSession, getRefreshToken } from '../session/storage';
import { FullPageSpinner } from '../ui/PageStates';

/** The page reload after the auditor's message (C:279). */
export const AUDITOR_ONBOARDING_RELOAD_MS = 2000;

/**
 * Onboarding where the space has it on (decision 0041, product document §6): everyone but auditors
 * goes to /onboarding; an auditor who has not completed it is told (auditorOnBoardingError), the
 * stored session and space are cleared, and the page reloads on the sign-in screen 2 s later.
 */
export function OnboardingGate({ me }: { me: TMe }) {
  if (!me.isAuditor) return <Navigate to="/onboarding" replace />;
  return <AuditorLogout />;
}

function AuditorLogout() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  useEffect(() => {
    void message.error({ content: t('onboarding.auditorOnBoardingError'), key: 'auditorOnBoardingError', duration: 3 });
    const refreshToken = getRefreshToken();
    if (refreshToken) void send(authCalls.logout, { body: { refreshToken }, anonymous: true }).catch(() => undefined);
    clearSession();
    const timer = setTimeout(() => window.location.assign('/login'), AUDITOR_ONBOARDING_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [message, t]);
  return <FullPageSpinner />;
}
