import type { TLanguage } from '@audit/domain/constants';
import type { TFaqAudience, TFaqView } from '@audit/domain/faqs/schemas';
import type { TSearchBody } from '@audit/domain/search';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { recordTrace } from '../../platform/trace.js';
import { audiencesFor, faqPolicy } from './policy.js';
import { presentFaq } from './present.js';
import * as repo from './repo.js';
import { fold, searchTextIn } from './search-text.js';

/** A FAQ as written (the body's parsed shape: an empty text is null, absent never happens). */
export interface TFaqInput {
  question: { es?: string | null; en?: string | null };
  answer: { es?: string | null; en?: string | null };
  audience: TFaqAudience;
}

/** The table's columns of a written FAQ, with the folded texts the search reads. */
export function columnsOf(input: TFaqInput) {
  const texts = {
    question: { es: input.question.es ?? null, en: input.question.en ?? null },
    answer: { es: input.answer.es ?? null, en: input.answer.en ?? null },
  };
  return {
    questionEs: texts.question.es,
    questionEn: texts.question.en,
    answerEs: texts.answer.es,
    answerEn: texts.answer.en,
    audience: input.audience,
    searchEs: searchTextIn(texts, 'es'),
    searchEn: searchTextIn(texts, 'en'),
  };
}

export async function searchFaqs(
  ctx: TModuleContext,
  caller: TAuth,
  body: TSearchBody & { view?: TFaqView; language?: TLanguage },
  requestLanguage: TLanguage,
) {
  const audiences = audiencesFor(caller, body.view);
  const language = body.language ?? requestLanguage;
  const folded = { ...body, search: body.search ? fold(body.search) : body.search };
  const page = await scoped(ctx, caller, (tx) => repo.searchFaqs(tx, caller, audiences, language, folded));
  // Whole FAQs always (no projections): the view needs every text of both languages.
  return { items: page.items.map((row) => presentFaq(row, caller)), total: page.total };
}

export async function createFaq(ctx: TModuleContext, caller: TAuth, input: TFaqInput) {
  return scoped(ctx, caller, async (tx) => {
    const row = await repo.insertFaq(tx, {
      ...columnsOf(input),
      spaceId: caller.spaceId,
      secureSpacePath: caller.spacePath,
      position: await repo.nextPosition(tx, caller),
      createdBy: caller.userId,
    });
    await recordTrace(tx, caller, { type: 'CREATE', module: 'FAQ', section: 'faqs', entityId: row.id, payload: { audience: input.audience } });
    return presentFaq(row, caller);
  });
}

/** The FAQ, if the caller reads it (another tenant's is 404), and may take the action on it (451, 452). */
async function loadWritable(tx: TDb, caller: TAuth, id: string, action: 'update' | 'delete') {
  const row = await repo.findFaq(tx, caller, id);
  if (!row) throw notFound();
  faqPolicy.authorize(caller, action, row);
  return row;
}

export async function updateFaq(ctx: TModuleContext, caller: TAuth, id: string, input: TFaqInput) {
  return scoped(ctx, caller, async (tx) => {
    const row = await loadWritable(tx, caller, id, 'update');
    const updated = await repo.updateFaq(tx, id, columnsOf(input));
    await recordTrace(tx, caller, {
      type: 'UPDATE',
      module: 'FAQ',
      section: 'faqs',
      entityId: id,
      secureSpacePath: row.secureSpacePath,
      payload: { audience: input.audience },
    });
    return presentFaq(updated, caller);
  });
}

export async function deleteFaq(ctx: TModuleContext, caller: TAuth, id: string) {
  await scoped(ctx, caller, async (tx) => {
    const row = await loadWritable(tx, caller, id, 'delete');
    // Two deletes at once both read the row; the one that finds it gone is a 404, with no trace.
    if (!(await repo.deleteFaq(tx, id))) throw notFound();
    await recordTrace(tx, caller, { type: 'REMOVE', module: 'FAQ', section: 'faqs', entityId: id, secureSpacePath: row.secureSpacePath });
  });
  return { ok: true as const };
}

/** Every listed FAQ must be one the caller reads (else 404) and may edit (else 451 or 452). */
export async function reorderFaqs(ctx: TModuleContext, caller: TAuth, ids: string[]) {
  await scoped(ctx, caller, async (tx) => {
    const rows = await repo.findFaqs(tx, caller, ids);
    if (rows.length !== ids.length) throw notFound();
    for (const row of rows) faqPolicy.authorize(caller, 'update', row);
    await repo.setPositions(tx, ids);
    await recordTrace(tx, caller, { type: 'UPDATE', module: 'FAQ', section: 'order', payload: { ids } });
  });
  return { ok: true as const };
}
