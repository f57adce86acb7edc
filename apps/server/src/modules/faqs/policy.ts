import { FAQ_AUDIENCES, audiencesOfView, type TFaqAudience, type TFaqView } from '@audit/domain/faqs/schemas';
import type { TIdentity } from '../../platform/identity.js';
import { definePolicy, holds, holdsOn } from '../../platform/policy.js';

/**
 * Who may do what with a FAQ (decision 0082). Writing needs the product's FAQ permissions
 * (FAQ:CREATE, FAQ:WRITE, FAQ:DELETE; ADMIN passes) on a FAQ of the caller's space or below: an
 * ancestor's FAQ is read only (451). Reading needs only a session: the FAQs are the product's help,
 * and the auditor role the product starts with holds no FAQ:READ. Each reads their own view (an
 * auditor the auditors' and everyone's FAQs, anyone else the clients' and everyone's); those who
 * write FAQs read every audience.
 */
type TFaqRow = { secureSpacePath: string };

export const faqPolicy = definePolicy<TFaqRow, 'update' | 'delete'>({
  update: (who, faq) => holdsOn(who, faq, 'FAQ:WRITE'),
  delete: (who, faq) => holdsOn(who, faq, 'FAQ:DELETE'),
});

/** The caller writes FAQs (any of the three write permissions): they see every audience. */
export const managesFaqs = (who: TIdentity) => holds(who, 'FAQ:CREATE') || holds(who, 'FAQ:WRITE') || holds(who, 'FAQ:DELETE');

/** The view of the product document's sidebar the caller has: auditors /faqs-view, others /faqs-view-client. */
export const ownView = (who: Pick<TIdentity, 'isAuditor'>): TFaqView => (who.isAuditor ? 'AUDITOR' : 'CLIENT');

/**
 * The audiences a search reads: those the caller may read (every one for those who write FAQs, else
 * their own view's), narrowed to the asked view's. A client asking for the auditors' view gets only
 * the FAQs for all: nothing of another audience, and no refusal (the route needs no permission).
 */
export function audiencesFor(who: TIdentity, view: TFaqView | undefined): TFaqAudience[] {
  const readable: readonly TFaqAudience[] = managesFaqs(who) ? FAQ_AUDIENCES : audiencesOfView(ownView(who));
  return view ? audiencesOfView(view).filter((a) => readable.includes(a)) : [...readable];
}
