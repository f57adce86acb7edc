import type { ReactNode } from 'react';
import { ConfigProvider, theme as antdTheme } from 'antd';
import enUS from 'antd/locale/en_US';
import esES from 'antd/locale/es_ES';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { queryClient } from './queryClient';
import { router } from './router';
import { theme } from './theme';

/**
 * The page's base text (font, size, colour), which antd's App used to give every page: the sign-in
 * pages render without that App now (router.tsx), and their own text must not fall back to the
 * browser's serif.
 */
function BaseText({ children }: { children: ReactNode }) {
  const { token } = antdTheme.useToken();
  return <div style={{ fontFamily: token.fontFamily, fontSize: token.fontSize, lineHeight: token.lineHeight, color: token.colorText }}>{children}</div>;
}

export function App() {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider theme={theme} locale={i18n.language === 'en' ? enUS : esES}>
      {/* antd's App (toasts, modals) wraps the routes that use it: app/WithFeedback.tsx, router.tsx. */}
      <BaseText>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </BaseText>
    </ConfigProvider>
  );
}
