import { z } from '../zod.js';
import { CORE, defineCall } from '../calls/define.js';
import { ZServiceContract, ZServiceContractInput, ZServiceContractPatch, ZServiceContractSearch, ZServiceContractStatusChange } from './schemas.js';

/**
 * Service contracts on /ms-core/api/contracts (decision 0083: the calls document defines none).
 * Named serviceContractCalls so they are not mistaken for the API call contracts themselves.
 */
const BASE = `${CORE}/contracts`;
const ZIdParams = z.object({ id: z.string().uuid() });
const ZOk = z.object({ ok: z.literal(true) });

export const serviceContractCalls = {
  search: defineCall({
    name: 'serviceContracts.search',
    method: 'POST',
    path: `${BASE}/search`,
    body: ZServiceContractSearch,
    response: z.array(ZServiceContract.partial()),
    page: true,
  }),
  exportExcel: defineCall({
    name: 'serviceContracts.exportExcel',
    method: 'POST',
    path: `${BASE}/export-excel`,
    body: ZServiceContractSearch,
    file: true,
    errors: ['noDataInRange'],
  }),
  create: defineCall({ name: 'serviceContracts.create', method: 'POST', path: BASE, body: ZServiceContractInput, response: ZServiceContract }),
  get: defineCall({ name: 'serviceContracts.get', method: 'GET', path: `${BASE}/:id`, params: ZIdParams, response: ZServiceContract, errors: ['notFound'] }),
  update: defineCall({
    name: 'serviceContracts.update',
    method: 'PATCH',
    path: `${BASE}/:id`,
    params: ZIdParams,
    body: ZServiceContractPatch,
    response: ZServiceContract,
    errors: ['notFound'],
  }),
  status: defineCall({
    name: 'serviceContracts.status',
    method: 'PATCH',
    path: `${BASE}/:id/status`,
    params: ZIdParams,
    body: ZServiceContractStatusChange,
    response: ZServiceContract,
    errors: ['notFound'],
  }),
  remove: defineCall({ name: 'serviceContracts.remove', method: 'DELETE', path: `${BASE}/:id`, params: ZIdParams, response: ZOk, errors: ['notFound'] }),
  pdf: defineCall({ name: 'serviceContracts.pdf', method: 'GET', path: `${BASE}/:id/pdf`, params: ZIdParams, file: true, errors: ['notFound'] }),
};
