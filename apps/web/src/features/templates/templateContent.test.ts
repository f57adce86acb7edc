import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { translations } from '../../i18n/translations/all';
import { templateContent } from './templateColumns';

async function tIn(lng: 'es' | 'en') {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: { es: { translation: translations.es }, en: { translation: translations.en } }, interpolation: { escapeValue: false } });
  return i18n.t;
}

describe('a template list row content', () => {
  it('agrees each count with its noun ("1 sección", not "1 secciones")', async () => {
    const es = await tIn('es');
    expect(templateContent(es, { sectionsCount: 1, questionsCount: 1 })).toBe('1 sección · 1 pregunta');
    expect(templateContent(es, { sectionsCount: 2, questionsCount: 0 })).toBe('2 secciones · 0 preguntas');
    const en = await tIn('en');
    expect(templateContent(en, { sectionsCount: 1, questionsCount: 5 })).toBe('1 section · 5 questions');
  });
});
