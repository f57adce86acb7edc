import type { TFaq } from '@audit/domain/faqs/schemas';
import type { TIdentity } from '../../platform/identity.js';
import { iso } from '../../platform/http.js';
import { faqPolicy } from './policy.js';
import type { TFaqRow } from './repo.js';

/** A FAQ as the API answers it, with what the caller may do with it. */
export function presentFaq(row: TFaqRow, caller: TIdentity): TFaq {
  return {
    _id: row.id,
    question: { es: row.questionEs, en: row.questionEn },
    answer: { es: row.answerEs, en: row.answerEn },
    audience: row.audience,
    position: row.position,
    space: row.spaceId,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
    can: faqPolicy.canAll(caller, row),
  };
}
