import { useTranslation } from 'react-i18next';
import type { TLanguage } from '@audit/domain/constants';

/** Where the FAQs are written (Configuración). */
export const FAQS_ADMIN_PATH = '/settings/faqs';

/** The user's language as the API knows it. */
export function useLanguage(): TLanguage {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'es';
}
