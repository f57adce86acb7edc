import { useTranslation } from 'react-i18next';
import i18n from '../../../../i18n';
import en from './en.json';
import es from './es.json';

/**
 * The questionnaire's texts, in their own namespace: the shared loader (i18n/resources.ts) only finds
 * `features/<domain>/i18n/*.json`, one level deep, and the audit-run files are another engineer's.
 * Keys are flat (no dots); questionnaireI18n.test.ts checks both languages and every key used here.
 */
export const QUESTIONNAIRE_NS = 'auditRunQuestionnaire';
export const questionnaireTexts = { es, en };

for (const [language, texts] of Object.entries(questionnaireTexts)) {
  if (!i18n.hasResourceBundle(language, QUESTIONNAIRE_NS)) i18n.addResourceBundle(language, QUESTIONNAIRE_NS, texts);
}

export const useQuestionnaireT = () => useTranslation(QUESTIONNAIRE_NS).t;
