import { faqIn } from '@audit/domain/faqs/schemas';
import type { TLanguage } from '@audit/domain/constants';

/**
 * What the search looks in (decision 0082): the text a language shows, without the answer's
 * Markdown marks, accents or capitals. The search words are folded the same way, so "higiene"
 * finds "Higiene" and "limpieza" finds "**Limpíeza**". Kept in a column per language, written with
 * the FAQ: every database (PGlite has no unaccent) searches it with a plain LIKE.
 */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** The Markdown subset as plain text: a link's text without its address, no emphasis, list or heading marks. */
export const plainText = (markdown: string) =>
  markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s*(?:[-*+]|\d+[.)]|#{1,6}|>)\s+/gm, '')
    .replace(/[*_`~]+/g, '');

type TTexts = { question: Record<TLanguage, string | null>; answer: Record<TLanguage, string | null> };

export function searchTextIn(faq: TTexts, language: TLanguage) {
  const shown = faqIn(faq, language);
  return fold(`${shown.question} ${plainText(shown.answer)}`);
}
