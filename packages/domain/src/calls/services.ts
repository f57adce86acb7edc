import { z } from '../zod.js';
import { ZSearchBody } from '../search.js';
import { ZGoal, ZGoalsBody, ZGoalsInEffect, ZService, ZServiceInput, ZSpaceService } from '../services.js';
import { CORE, defineCall } from './define.js';

const BASE = `${CORE}/services`;
const SPACES = `${CORE}/spaces`;
const ZId = z.string().uuid();
const ZIdParams = z.object({ id: ZId });
const ZOk = z.object({ ok: z.literal(true) });

/** /ms-core/api/services: the services catalogue (own space, below and inherited) and the services offered to a client. */
export const serviceCalls = {
  search: defineCall({ name: 'services.search', method: 'POST', path: `${BASE}/search`, body: ZSearchBody, response: z.array(ZService.partial()), page: true }),
  get: defineCall({ name: 'services.get', method: 'GET', path: `${BASE}/:id`, params: ZIdParams, response: ZService, errors: ['notFound'] }),
  create: defineCall({ name: 'services.create', method: 'POST', path: BASE, body: ZServiceInput, response: ZService, errors: ['alreadyExists'] }),
  /** 451 for an inherited one. */
  update: defineCall({
    name: 'services.update',
    method: 'PATCH',
    path: `${BASE}/:id`,
    params: ZIdParams,
    body: ZServiceInput.partial(),
    response: ZService,
    errors: ['notFound', 'alreadyExists', 'outsideSpace'],
  }),
  /** 451 for an inherited one. */
  remove: defineCall({
    name: 'services.remove',
    method: 'DELETE',
    path: `${BASE}/:id`,
    params: ZIdParams,
    response: ZOk,
    errors: ['notFound', 'outsideSpace'],
  }),
  /** The services offered to a client: those with a goal in the client's space or below it (default: the caller's space). */
  searchFromClient: defineCall({
    name: 'services.searchFromClient',
    method: 'POST',
    path: `${BASE}/search-from-client`,
    body: ZSearchBody.extend({ client: ZId.optional() }),
    response: z.array(ZService.partial()),
    page: true,
  }),
};

/** Under /ms-core/api/spaces: a space's services and its services-templates goal. */
export const spaceServiceCalls = {
  goals: defineCall({
    name: 'services.spaceGoals',
    method: 'GET',
    path: `${SPACES}/:id/services-templates-goal`,
    params: ZIdParams,
    response: z.array(ZGoal),
    errors: ['notFound'],
  }),
  /** Replace the services-templates goal of a space. */
  setGoals: defineCall({
    name: 'services.setSpaceGoals',
    method: 'POST',
    path: `${SPACES}/:id/services-templates-goal`,
    params: ZIdParams,
    body: ZGoalsBody,
    response: z.array(ZGoal),
    errors: ['notFound'],
  }),
  /** The goals in effect in a space: its own, else the nearest space above it that has any. */
  goalsInEffect: defineCall({
    name: 'services.goalsInEffect',
    method: 'GET',
    path: `${SPACES}/:id/services-goal-in-effect`,
    params: ZIdParams,
    response: ZGoalsInEffect,
    errors: ['notFound'],
  }),
  /** The services offered in this space (with their goal and templates). */
  services: defineCall({
    name: 'services.spaceServices',
    method: 'POST',
    path: `${SPACES}/:id/services`,
    params: ZIdParams,
    body: ZSearchBody,
    response: z.array(ZSpaceService.partial()),
    page: true,
    errors: ['notFound'],
  }),
  /** The services the signed-in user may work with. */
  userServices: defineCall({
    name: 'services.userServices',
    method: 'POST',
    path: `${SPACES}/user-services`,
    body: ZSearchBody,
    response: z.array(ZService.partial()),
    page: true,
  }),
};
