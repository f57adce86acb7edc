import { z } from '../zod.js';
import { ZSearchBody, zIdList } from '../search.js';
import { ZLanguageInput, ZMe, ZOnboarding, ZProfileInput, ZUser, ZUserInput, ZUserUpdate } from '../users.js';
import { CORE, defineCall } from './define.js';
import { ME_PATH, USERS_BASE as USERS } from './paths.js';

const ZId = z.string().uuid();
const ZIdParams = z.object({ id: ZId });
const ZOk = z.object({ ok: z.literal(true) });

/** The users of the space and the caller's own profile (users/me). */
export const userCalls = {
  me: defineCall({ name: 'users.me', method: 'GET', path: ME_PATH, response: ZMe }),
  /** Name, phone, language and (with the current one) the password; answers the new users/me. */
  updateMe: defineCall({ name: 'users.updateMe', method: 'PATCH', path: `${USERS}/me`, body: ZProfileInput, response: ZMe }),
  /** Profile, new password (ends every session) and terms (decision 0041). */
  completeOnboarding: defineCall({ name: 'users.completeOnboarding', method: 'POST', path: `${USERS}/me/onboarding`, body: ZOnboarding, response: ZOk }),
  saveLanguage: defineCall({ name: 'users.saveLanguage', method: 'PATCH', path: `${USERS}/me/language`, body: ZLanguageInput, response: ZOk }),
  /** One of the caller's preferences (a table's size and hidden columns). */
  saveSetting: defineCall({
    name: 'users.saveSetting',
    method: 'PATCH',
    path: `${USERS}/me/settings`,
    body: z
      .object({ key: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/), value: z.unknown() })
      .refine((b) => JSON.stringify(b.value ?? null).length <= 4000, { path: ['value'] }),
    response: ZOk,
  }),
  /** Paged search of the users of the space (a projection answers only the keys asked for, and _id). */
  search: defineCall({ name: 'users.search', method: 'POST', path: `${USERS}/search`, body: ZSearchBody, response: z.array(ZUser.partial()), page: true }),
  get: defineCall({ name: 'users.get', method: 'GET', path: `${USERS}/:id`, params: ZIdParams, response: ZUser }),
  /** Answers the generated password once, when asked for one. */
  create: defineCall({ name: 'users.create', method: 'POST', path: USERS, body: ZUserInput, response: ZUser.extend({ password: z.string().optional() }) }),
  update: defineCall({ name: 'users.update', method: 'PATCH', path: `${USERS}/:id`, params: ZIdParams, body: ZUserUpdate, response: ZUser }),
  /** Never the caller's own. */
  changeStatus: defineCall({
    name: 'users.changeStatus',
    method: 'POST',
    path: `${USERS}/status`,
    body: z.object({ users: zIdList(500), status: z.enum(['ACTIVE', 'LOCK']) }),
    response: ZOk,
  }),
  removeMany: defineCall({ name: 'users.removeMany', method: 'POST', path: `${USERS}/delete`, body: z.object({ users: zIdList(500) }), response: ZOk }),
  remove: defineCall({ name: 'users.remove', method: 'DELETE', path: `${USERS}/:id`, params: ZIdParams, response: ZOk }),
  /** The user comes back unverified. */
  restore: defineCall({ name: 'users.restore', method: 'POST', path: `${USERS}/:id/restore`, params: ZIdParams, response: ZUser }),
  resetPassword: defineCall({
    name: 'users.resetPassword',
    method: 'POST',
    path: `${USERS}/password-reset`,
    body: z.object({ _id: ZId, password: z.string().max(256).optional(), autoGeneratePassword: z.boolean().default(false) }),
    response: z.object({ ok: z.literal(true), password: z.string().optional() }),
  }),
  /** The users search narrowed to the workers (the auditor switch on, decision 0024). */
  searchWorkers: defineCall({
    name: 'users.searchWorkers',
    method: 'POST',
    path: `${CORE}/workers/search-users`,
    body: ZSearchBody,
    response: z.array(ZUser.partial()),
    page: true,
  }),
};
