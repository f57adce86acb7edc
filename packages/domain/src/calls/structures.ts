import { z } from '../zod.js';
import { ZSearchBody } from '../search.js';
import {
  ZAreaCreate,
  ZAreaUpdate,
  ZCascade,
  ZEstablishmentCreate,
  ZEstablishmentUpdate,
  ZStructure,
  ZStructureCreate,
  ZStructurePage,
  ZStructureUpdate,
  ZSummaryPage,
} from '../structures.js';
import { CORE, defineCall } from './define.js';

const ZId = z.string().uuid();
const ZIdParams = z.object({ id: ZId });
const ZOk = z.object({ ok: z.literal(true) });

const STRUCTURES = `${CORE}/structures`;
const ESTABLISHMENTS = `${CORE}/establishments`;
const AREAS = `${CORE}/areas`;

/** A paged search of structures (full rows or the short form), POST {search body}. */
const search = <N extends string, P extends string>(name: N, path: P) =>
  defineCall({ name, method: 'POST', path, body: ZSearchBody, response: ZStructurePage, page: true });
const shortSearch = <N extends string, P extends string>(name: N, path: P) =>
  defineCall({ name, method: 'POST', path, body: ZSearchBody, response: ZSummaryPage, page: true });

/**
 * /ms-core/api/structures: clients and sub-structures (and every structure of the scope in searches).
 * The search variants are all paged (array + x-total-count).
 */
export const structureCalls = {
  /** Every structure, establishment and area of the caller's scope (filter `type`). */
  search: search('structures.search', `${STRUCTURES}/search`),
  /** Client structures (type STRUCTURE, any depth). */
  clientsSearch: search('structures.clientsSearch', `${STRUCTURES}/clients/search`),
  /** The top clients: the company's direct clients, or the caller's own client. */
  parentSearch: search('structures.parentSearch', `${STRUCTURES}/parent/search`),
  /** The clients an auditor works for. */
  workerClientsSearch: search('structures.workerClientsSearch', `${STRUCTURES}/worker/clients/search`),
  /** Every space of the scope in the short form, for the user form's access fields. */
  searchForUsers: shortSearch('structures.searchForUsers', `${STRUCTURES}/search-for-users`),
  /** The client structures of the scope in the short form, for any signed-in user. */
  searchForClientUsers: shortSearch('structures.searchForClientUsers', `${STRUCTURES}/search-for-client-users`),
  children: defineCall({
    name: 'structures.children',
    method: 'POST',
    path: `${STRUCTURES}/:parentId/children`,
    params: z.object({ parentId: ZId }),
    body: ZSearchBody,
    response: ZStructurePage,
    page: true,
  }),
  get: defineCall({ name: 'structures.get', method: 'GET', path: `${STRUCTURES}/:id`, params: ZIdParams, response: ZStructure, errors: ['notFound'] }),
  create: defineCall({ name: 'structures.create', method: 'POST', path: STRUCTURES, body: ZStructureCreate, response: ZStructure }),
  update: defineCall({
    name: 'structures.update',
    method: 'PATCH',
    path: `${STRUCTURES}/:id`,
    params: ZIdParams,
    body: ZStructureUpdate,
    response: ZStructure,
    errors: ['notFound'],
  }),
  remove: defineCall({
    name: 'structures.remove',
    method: 'DELETE',
    path: `${STRUCTURES}/:id`,
    params: ZIdParams,
    query: ZCascade,
    response: ZOk,
    errors: ['notFound'],
  }),
};

/** /ms-core/api/establishments: structures of type ESTABLISHMENT under a client. */
export const establishmentCalls = {
  /** Filter `client` for one client's. */
  search: search('establishments.search', `${ESTABLISHMENTS}/search`),
  /** Short list for any signed-in user: a client user picks an establishment of their client. */
  searchForClientUsers: shortSearch('establishments.searchForClientUsers', `${ESTABLISHMENTS}/search-for-client-users`),
  get: defineCall({ name: 'establishments.get', method: 'GET', path: `${ESTABLISHMENTS}/:id`, params: ZIdParams, response: ZStructure, errors: ['notFound'] }),
  create: defineCall({ name: 'establishments.create', method: 'POST', path: ESTABLISHMENTS, body: ZEstablishmentCreate, response: ZStructure }),
  update: defineCall({
    name: 'establishments.update',
    method: 'PATCH',
    path: `${ESTABLISHMENTS}/:id`,
    params: ZIdParams,
    body: ZEstablishmentUpdate,
    response: ZStructure,
    errors: ['notFound'],
  }),
  remove: defineCall({
    name: 'establishments.remove',
    method: 'DELETE',
    path: `${ESTABLISHMENTS}/:id`,
    params: ZIdParams,
    query: ZCascade,
    response: ZOk,
    errors: ['notFound'],
  }),
};

/** /ms-core/api/areas: structures of type AREA under an establishment. */
export const areaCalls = {
  /** The areas below a space (`space`, default the caller's). */
  searchSpace: defineCall({
    name: 'areas.searchSpace',
    method: 'POST',
    path: `${AREAS}/search-space`,
    body: ZSearchBody.extend({ space: ZId.optional() }),
    response: ZStructurePage,
    page: true,
  }),
  /** Filter `establishment` for one establishment's. */
  search: search('areas.search', `${AREAS}/search`),
  get: defineCall({ name: 'areas.get', method: 'GET', path: `${AREAS}/:id`, params: ZIdParams, response: ZStructure, errors: ['notFound'] }),
  create: defineCall({ name: 'areas.create', method: 'POST', path: AREAS, body: ZAreaCreate, response: ZStructure }),
  update: defineCall({
    name: 'areas.update',
    method: 'PATCH',
    path: `${AREAS}/:id`,
    params: ZIdParams,
    body: ZAreaUpdate,
    response: ZStructure,
    errors: ['notFound'],
  }),
  remove: defineCall({
    name: 'areas.remove',
    method: 'DELETE',
    path: `${AREAS}/:id`,
    params: ZIdParams,
    query: ZCascade,
    response: ZOk,
    errors: ['notFound'],
  }),
};
