import { z } from '../zod.js';
import { ZQuestionnaire } from '../audits.js';
import { CORE, defineCall } from './define.js';

/** The incident-and-emergency questionnaire of an audit (docs/api/audits.md, "Questionnaire"): each write answers it whole. */
const BASE = `${CORE}/questionnaire-ies/:auditId`;
const ZId = z.string().uuid();
const params = z.object({ auditId: ZId });

export const ZQuestionnaireAnswers = z.object({ answers: z.array(z.object({ _id: ZId, answer: z.string().max(20000).nullable() })).max(500) });

export const questionnaireCalls = {
  /** 404 when the audit's template had no IE sections. */
  get: defineCall({ name: 'questionnaire.get', method: 'GET', path: BASE, params, response: ZQuestionnaire, errors: ['notFound'] }),
  saveAnswers: defineCall({
    name: 'questionnaire.saveAnswers',
    method: 'PATCH',
    path: `${BASE}/answers`,
    params,
    body: ZQuestionnaireAnswers,
    response: ZQuestionnaire,
  }),
  setSent: defineCall({
    name: 'questionnaire.setSent',
    method: 'PATCH',
    path: `${BASE}/sent`,
    params,
    body: z.object({ sent: z.boolean() }),
    response: ZQuestionnaire,
  }),
  /** Multipart: file, question. */
  addImage: defineCall({ name: 'questionnaire.addImage', method: 'PATCH', path: `${BASE}/images`, params, response: ZQuestionnaire }),
};
