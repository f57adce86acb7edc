import { z } from '../zod.js';
import { ZSearchBody } from '../search.js';
import { ZIdentifierExists, ZMySpacesQuery, ZSpace, ZSpaceCreate, ZSpaceListItem, ZSpaceSettings, ZSpaceSummary, ZSpaceUpdate } from '../spaces.js';
import { AUTH, CORE, defineCall } from './define.js';

const BASE = `${CORE}/spaces`;
const ZIdParams = z.object({ id: z.string().uuid() });
const ZEnabled = z.object({ enabled: z.boolean() });

/** /ms-core/api/spaces (the session's space, the administration of spaces) and the public identifier check. */
export const spaceCalls = {
  current: defineCall({ name: 'spaces.current', method: 'GET', path: `${BASE}/current`, response: ZSpace }),
  /** Turn sign-up on or off for the current space. */
  setSignup: defineCall({ name: 'spaces.setSignup', method: 'PUT', path: `${BASE}/current/signup`, body: ZEnabled, response: ZSpace }),
  /** Turn onboarding on or off for the current space and those below it. */
  setOnboarding: defineCall({ name: 'spaces.setOnboarding', method: 'PUT', path: `${BASE}/current/onboarding`, body: ZEnabled, response: ZSpace }),
  updateSettings: defineCall({ name: 'spaces.updateSettings', method: 'PATCH', path: `${BASE}/current/settings`, body: ZSpaceSettings, response: ZSpace }),
  search: defineCall({
    name: 'spaces.search',
    method: 'POST',
    path: `${BASE}/search`,
    body: ZSearchBody,
    response: z.array(ZSpaceListItem.partial()),
    page: true,
  }),
  create: defineCall({ name: 'spaces.create', method: 'POST', path: BASE, body: ZSpaceCreate, response: ZSpaceListItem, errors: ['alreadyExists'] }),
  update: defineCall({
    name: 'spaces.update',
    method: 'PATCH',
    path: `${BASE}/:id`,
    params: ZIdParams,
    body: ZSpaceUpdate,
    response: ZSpaceListItem,
    errors: ['notFound', 'alreadyExists'],
  }),
  /** A space's logo image (public); 404 without one. */
  logo: defineCall({ name: 'spaces.logo', method: 'GET', path: `${BASE}/:id/logo`, params: ZIdParams, file: true, errors: ['notFound'] }),
  /** Spaces the caller may enter: member spaces first, then the spaces below them. */
  mySpaces: defineCall({ name: 'spaces.mySpaces', method: 'GET', path: `${BASE}/my-spaces`, query: ZMySpacesQuery, response: z.array(ZSpaceSummary) }),
  /** Whether a space identifier is taken (public). */
  identifierExists: defineCall({
    name: 'spaces.identifierExists',
    method: 'POST',
    path: `${AUTH}/spaces/exist-identifier`,
    body: ZIdentifierExists,
    response: z.object({ exists: z.boolean() }),
  }),
};
