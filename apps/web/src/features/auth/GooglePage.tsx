import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { isError } from '../../api/errors';
import { errorMessage } from '../../i18n/errorMessage';
import { AuthLayout } from './AuthLayout';
import { AuthTitle } from './AuthText';
import { logout, useStartSession, type TSigninSession } from './authApi';
import { forgetGooglePending, peekGooglePending, useGoogleSignIn, type TGooglePending } from './googleApi';
import { safeRedirect } from './redirect';

const StructureChoice = lazy(() => import('./StructureChoice').then((m) => ({ default: m.StructureChoice })));

/** What Google's redirect brought in the address's fragment (read without side effects: React may call this twice). */
function readReturn(): { problem?: 'cancelled' | 'refused' | 'foreign'; idToken?: string; pending?: TGooglePending } {
  const params = new URLSearchParams(window.location.hash.slice(1));
  const pending = peekGooglePending();
  const idToken = params.get('id_token');
  if (params.get('error')) return { problem: params.get('error') === 'access_denied' ? 'cancelled' : 'refused' };
  if (!pending || !idToken || params.get('state') !== pending.state) return { problem: 'foreign' };
  return { idToken, pending };
}

/**
 * /login/google: where Google sends the person back (decision 0046). The ID token goes to the
 * server only when the state is the one this tab started with (a link made by someone else signs
 * nobody in); the server verifies it and answers a session, as a password sign-in does.
 */
export function GooglePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const [back] = useState(readReturn);
  const [choosing, setChoosing] = useState<TSigninSession | null>(null);
  const signIn = useGoogleSignIn();
  const { mutate } = signIn;
  const sent = useRef(false);
  const redirect = safeRedirect(back.pending?.redirect);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    // The token leaves the address bar (and the history), and the state is spent in this tab.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    forgetGooglePending();
    if (!back.idToken || !back.pending) return;
    mutate(
      { provider: 'google', idToken: back.idToken, state: back.pending.state, remember: back.pending.remember },
      {
        onSuccess: (session) => {
          if (session.spaces.length > 1) return setChoosing(session);
          startSession(session);
          navigate(redirect, { replace: true });
        },
      },
    );
  }, [back, mutate, navigate, redirect, startSession]);

  if (choosing)
    return (
      <AuthLayout>
        <Suspense fallback={<Spin />}>
          <StructureChoice
            session={choosing}
            onDone={(session) => {
              startSession(session);
              navigate(redirect, { replace: true });
            }}
            onBack={() => {
              void logout(choosing.refreshToken).catch(() => undefined);
              navigate('/login', { replace: true });
            }}
          />
        </Suspense>
      </AuthLayout>
    );

  const problem = back.problem ? t(`ways.google.${back.problem}`) : signIn.isError ? errorMessage(signIn.error) : null;
  const notVerified = isError(signIn.error, 'notVerified');
  return (
    <AuthLayout>
      <AuthTitle style={{ marginBottom: 16 }}>{t('ways.google.title')}</AuthTitle>
      {problem ? (
        <>
          <Alert
            type={back.problem === 'cancelled' ? 'info' : 'error'}
            showIcon
            title={problem}
            role="alert"
            data-testid="google-error"
            style={{ marginBottom: 20 }}
          />
          <Flex gap={16} wrap align="center">
            <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
              {t('ways.google.back')}
            </Button>
            {notVerified && <Link to="/confirm/resend">{t('ways.login.resend')}</Link>}
          </Flex>
        </>
      ) : (
        <Flex vertical align="center" gap={16} style={{ margin: '32px 0' }} data-testid="google-checking">
          <Spin size="large" />
          <Typography.Text type="secondary">{t('ways.google.checking')}</Typography.Text>
        </Flex>
      )}
    </AuthLayout>
  );
}
