import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { ConfigProvider, Skeleton } from 'antd';
import enUS from 'antd/locale/en_US';
import esES from 'antd/locale/es_ES';
import { I18nextProvider } from 'react-i18next';
import { LANGUAGES, DEFAULT_LANGUAGE, type TLanguage } from '@audit/domain/constants';
import i18n, { loadLanguageTexts } from '../../i18n';

/**
 * The report speaks the audit template's language (product document, report view) without
 * changing the user's own choice for the rest of the app: a clone of the i18n instance shares
 * the translations and only differs in language.
 */
/** The user's own language inside a report (the page's actions: PDF, share), not the template's. */
export function UserLanguage({ children }: { children: ReactNode }) {
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

export function ReportLanguage({ language, children }: { language: string | undefined; children: ReactNode }) {
  const lng = ((LANGUAGES as readonly string[]).includes(language ?? '') ? language! : DEFAULT_LANGUAGE) as TLanguage;
  const instance = useMemo(() => i18n.cloneInstance({ lng }), [lng]);
  // The app downloads the user's language only (decision 0051): a report in the other one waits for its texts.
  const [, setLoaded] = useState(0);
  const ready = i18n.hasResourceBundle(lng, 'translation');
  useEffect(() => {
    if (!ready) void loadLanguageTexts(lng).then(() => setLoaded((n) => n + 1));
  }, [lng, ready]);
  if (!ready) return <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <I18nextProvider i18n={instance}>
      <ConfigProvider locale={lng === 'en' ? enUS : esES}>
        <div lang={lng}>{children}</div>
      </ConfigProvider>
    </I18nextProvider>
  );
}
