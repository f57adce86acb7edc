import { z } from '../zod.js';
import { ZSearchBody } from '../search.js';
import { ZPdfAnswer } from '../reports.js';
import {
  ZAnswerAdd,
  ZCheckPending,
  ZCheckRegisterData,
  ZCheckRegisterDataOut,
  ZFacilityDataBody,
  ZFacilityDataFlaggedOut,
  ZLogDownload,
  ZLogEntryOut,
  ZLogExcelQuery,
  ZOpenClose,
  ZRegisterInput,
  ZRegisterOut,
  ZRegisterPatch,
  ZRegisterSearchBody,
  ZRegisterTraceOut,
  ZUpdateFrequency,
} from '../registers.js';
import { REGISTRY, defineCall } from './define.js';

const BASE = `${REGISTRY}/registers`;
const ZIdParams = z.object({ id: z.string().uuid() });

/** A register's pending takes (due and missing): the badges of the lists and the menu. */
export const ZPending = z.object({ _id: z.string(), areaAccess: z.string(), pending: z.number() });
export type TPending = z.infer<typeof ZPending>;
export const ZPendingAll = z.object({ total: z.number(), byArea: z.record(z.string(), z.number()), registers: z.array(ZPending) });
export const ZOpenCloseOut = z.object({ period: z.string(), startDay: z.string(), open: z.boolean() });
export const ZRemoveRegisterOut = z.object({ ok: z.literal(true), logs: z.number() });

/** A search's page of registers: the rows as projected (`projections`), so each key may be missing. */
const ZRegisterPage = z.array(ZRegisterOut.partial());
const search = (name: string, path: string) => defineCall({ name, method: 'POST', path, body: ZRegisterSearchBody, response: ZRegisterPage, page: true });

/** Registers (decision 0031): their management, their lists by status, their logs and downloads, their traces. */
export const registerCalls = {
  search: search('registers.search', `${BASE}/search`),
  searchForClientUser: search('registers.searchForClientUser', `${BASE}/search-for-client-user`),
  searchForUsersAccess: search('registers.searchForUsersAccess', `${BASE}/search-for-users-access`),
  searchPending: search('registers.searchPending', `${BASE}/pending/search`),
  searchCompleted: search('registers.searchCompleted', `${BASE}/completed/search`),
  searchClosed: search('registers.searchClosed', `${BASE}/closed/search`),
  checkPending: defineCall({ name: 'registers.checkPending', method: 'POST', path: `${BASE}/check-pending`, body: ZCheckPending, response: z.array(ZPending) }),
  checkAllPending: defineCall({ name: 'registers.checkAllPending', method: 'POST', path: `${BASE}/pending/check-all`, response: ZPendingAll }),
  ofClient: defineCall({ name: 'registers.ofClient', method: 'GET', path: `${BASE}/client/:id`, params: ZIdParams, response: z.array(ZRegisterOut) }),
  create: defineCall({ name: 'registers.create', method: 'POST', path: BASE, body: ZRegisterInput, response: ZRegisterOut }),
  get: defineCall({ name: 'registers.get', method: 'GET', path: `${BASE}/:id`, params: ZIdParams, response: ZRegisterOut }),
  update: defineCall({
    name: 'registers.update',
    method: 'PATCH',
    path: `${BASE}/:id`,
    params: ZIdParams,
    body: ZRegisterPatch,
    response: ZRegisterOut,
  }),
  remove: defineCall({
    name: 'registers.remove',
    method: 'DELETE',
    path: `${BASE}/:id`,
    params: ZIdParams,
    query: z.object({ force: z.enum(['true', 'false']).optional() }),
    response: ZRemoveRegisterOut,
  }),
  updateFrequency: defineCall({
    name: 'registers.updateFrequency',
    method: 'PATCH',
    path: `${BASE}/:id/update-frequency`,
    params: ZIdParams,
    body: ZUpdateFrequency,
    response: ZRegisterOut,
  }),
  openClose: defineCall({
    name: 'registers.openClose',
    method: 'PATCH',
    path: `${BASE}/:id/open-close`,
    params: ZIdParams,
    body: ZOpenClose,
    response: ZOpenCloseOut,
  }),
  facilityData: defineCall({
    name: 'registers.facilityData',
    method: 'POST',
    path: `${BASE}/:registerId/facility-data`,
    params: z.object({ registerId: z.string().uuid() }),
    body: ZFacilityDataBody,
    response: ZFacilityDataFlaggedOut,
  }),
  checkRegisterData: defineCall({
    name: 'registers.checkRegisterData',
    method: 'POST',
    path: `${BASE}/:id/answer/checkRegisterData`,
    params: ZIdParams,
    body: ZCheckRegisterData,
    response: ZCheckRegisterDataOut,
  }),
  addAnswer: defineCall({
    name: 'registers.addAnswer',
    method: 'POST',
    path: `${BASE}/:id/answer/add`,
    params: ZIdParams,
    body: ZAnswerAdd,
    response: z.array(ZLogEntryOut),
  }),
  pdf: defineCall({
    name: 'registers.pdf',
    method: 'POST',
    path: `${BASE}/:id/pdf`,
    params: ZIdParams,
    body: ZLogDownload,
    response: ZPdfAnswer,
  }),
  /** The log as an Excel workbook (streamed). */
  excel: defineCall({ name: 'registers.excel', method: 'GET', path: `${BASE}/:id/excel`, params: ZIdParams, query: ZLogExcelQuery, file: true }),
  /** Who changed which register, template or log, and when (decision 0037). */
  traces: defineCall({
    name: 'registers.traces',
    method: 'POST',
    path: `${REGISTRY}/register-traces/search`,
    body: ZSearchBody,
    response: z.array(ZRegisterTraceOut.partial()),
    page: true,
  }),
};
