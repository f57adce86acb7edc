import type { ReactNode } from 'react';
import { Flex } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AuthTitle, AuthParagraph, AuthNote } from './AuthText';
import { LANGUAGES, type TLanguage } from '@audit/domain/constants';
import { changeLanguage } from '../../i18n';

/** The two-panel frame of the authentication screens: brand on the left, the form on the right. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const points = ['auth.brand.point1', 'auth.brand.point2', 'auth.brand.point3'];
  return (
    <div className="auth-page">
      <aside className="auth-brand">
        <Flex align="center" gap={12}>
          <img src="/favicon.svg" width={44} height={44} alt="" style={{ borderRadius: 12, boxShadow: '0 0 0 2px rgba(255,255,255,.25)' }} />
          <span className="auth-brand-name">{t('app.name')}</span>
        </Flex>
        <div>
          <AuthTitle style={{ color: '#fff', marginBottom: 12 }}>{t('auth.brand.title')}</AuthTitle>
          <AuthParagraph style={{ color: 'rgba(255,255,255,.8)', fontSize: 16 }}>{t('auth.brand.subtitle')}</AuthParagraph>
          <Flex vertical gap={10} style={{ marginTop: 24 }}>
            {points.map((key) => (
              <Flex key={key} gap={10} align="center" style={{ color: 'rgba(255,255,255,.9)' }}>
                <CheckCircleFilled style={{ color: '#7fdcc7' }} /> {t(key)}
              </Flex>
            ))}
          </Flex>
        </div>
        <AuthNote style={{ color: 'rgba(255,255,255,.55)' }}>
          © {new Date().getFullYear()} {t('app.name')}
        </AuthNote>
      </aside>
      <main className="auth-main">
        <Flex justify="flex-end" style={{ width: '100%' }}>
          {/* Two plain buttons drawn like antd's Segmented: the sign-in page does not download it. */}
          <div role="radiogroup" aria-label={t('shell.language')} data-testid="auth-language" className="auth-language">
            {LANGUAGES.map((language: TLanguage) => (
              <button
                key={language}
                type="button"
                role="radio"
                aria-checked={i18n.language === language}
                lang={language}
                title={t(`language.${language}`)}
                onClick={() => void changeLanguage(language)}
              >
                {language.toUpperCase()}
              </button>
            ))}
          </div>
        </Flex>
        <div className="auth-card">
          <Flex align="center" gap={10} className="auth-mobile-brand">
            <img src="/favicon.svg" width={36} height={36} alt="" style={{ borderRadius: 10 }} />
            <div>
              <div className="auth-mobile-brand-name">{t('app.name')}</div>
              <AuthNote secondary style={{ fontSize: 12 }}>
                {t('auth.mobileTagline')}
              </AuthNote>
            </div>
          </Flex>
          {children}
        </div>
      </main>
    </div>
  );
}
