import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZAnswerAdd,
  ZCheckPending,
  ZCheckRegisterData,
  ZCheckRegisterDataOut,
  ZFacilityDataBody,
  ZFacilityDataFlaggedOut,
  ZLogEntryOut,
  ZOpenClose,
  ZRegisterInput,
  ZRegisterOut,
  ZRegisterPatch,
  ZRegisterSearchBody,
  ZUpdateFrequency,
} from '@audit/domain/registers';
import { requireAuth, requires } from '../../platform/auth.js';
import { sendPage, typed, ZIdParams, type TModuleContext } from '../../platform/http.js';
import * as logs from './logs.js';
import * as registers from './registers.js';

const perm = (action: 'READ' | 'CREATE' | 'WRITE' | 'DELETE') => requires(`REGISTER:${action}`);
const tags = ['registers'];
const page = { 200: z.array(ZRegisterOut.partial()) };

/** /ms-registry/api/registers: registers management, their lists by status and their logs. */
export async function registersRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const r = typed(app);
  const auth = requireAuth;
  r.post('/search', {
    config: perm('READ'),
    schema: {
      tags,
      summary: 'Paged search of registers within the caller’s registersAccess (area, establishments, date range; size 100)',
      body: ZRegisterSearchBody,
      response: page,
    },
    handler: async (req, reply) => sendPage(reply, await registers.searchRegisters(ctx, auth(req), req.body)),
  });
  r.post('/search-for-client-user', {
    config: perm('READ'),
    schema: { tags, summary: 'The client user’s registers: the search limited by their registersAccess', body: ZRegisterSearchBody, response: page },
    handler: async (req, reply) => sendPage(reply, await registers.searchRegisters(ctx, auth(req), req.body)),
  });
  r.post('/search-for-users-access', {
    config: perm('READ'),
    schema: { tags, summary: 'Options of the user form’s registersAccess select (name, areaAccess, category)', body: ZRegisterSearchBody, response: page },
    handler: async (req, reply) =>
      sendPage(reply, await registers.searchRegisters(ctx, auth(req), { ...req.body, projections: ['name', 'areaAccess', 'category', 'client'] })),
  });
  for (const status of ['pending', 'completed', 'closed'] as const) {
    r.post(`/${status}/search`, {
      config: perm('READ'),
      schema: {
        tags,
        summary: `Registers whose current period is ${status} (decision 0031), filtered by area, establishments, date range; size 100`,
        body: ZRegisterSearchBody,
        response: page,
      },
      handler: async (req, reply) => sendPage(reply, await registers.searchByStatus(ctx, auth(req), status, req.body)),
    });
  }
  r.post('/check-pending', {
    config: perm('READ'),
    schema: {
      tags,
      summary: 'Pending takes (due and missing) of the caller’s registers, or of the ones named',
      body: ZCheckPending,
      response: { 200: z.array(z.object({ _id: z.string(), areaAccess: z.string(), pending: z.number() })) },
    },
    handler: (req) => logs.checkPending(ctx, auth(req), req.body.registers),
  });
  r.post('/pending/check-all', {
    config: perm('READ'),
    schema: {
      tags,
      summary: 'Registers with pending takes, counted by area access (menu badges)',
      response: {
        200: z.object({
          total: z.number(),
          byArea: z.record(z.string(), z.number()),
          registers: z.array(z.object({ _id: z.string(), areaAccess: z.string(), pending: z.number() })),
        }),
      },
    },
    handler: (req) => logs.checkAll(ctx, auth(req)),
  });
  r.get('/client/:id', {
    config: perm('READ'),
    schema: { tags, summary: 'The registers of a client (client page)', params: ZIdParams, response: { 200: z.array(ZRegisterOut) } },
    handler: (req) => registers.clientRegisters(ctx, auth(req), req.params.id),
  });
  r.post('/', {
    config: perm('CREATE'),
    schema: {
      tags,
      summary: 'Create a register (§5 required fields; typologies only for measurement; frequency within the period)',
      body: ZRegisterInput,
      response: { 200: ZRegisterOut },
    },
    handler: (req) => registers.createRegister(ctx, auth(req), req.body),
  });
  r.get('/:id', {
    config: perm('READ'),
    schema: { tags, summary: 'One register with its status, totals, hasData and can', params: ZIdParams, response: { 200: ZRegisterOut } },
    handler: (req) => registers.getRegister(ctx, auth(req), req.params.id),
  });
  r.patch('/:id', {
    config: perm('WRITE'),
    schema: {
      tags,
      summary: 'Edit a register (staff); once it has data only name, areas and description',
      params: ZIdParams,
      body: ZRegisterPatch,
      response: { 200: ZRegisterOut },
    },
    handler: (req) => registers.updateRegister(ctx, auth(req), req.params.id, req.body),
  });
  r.delete('/:id', {
    config: perm('DELETE'),
    schema: {
      tags,
      summary: 'Delete a register; with logs it needs ?force=true (420 with field logs otherwise: the reference warning)',
      params: ZIdParams,
      querystring: z.object({ force: z.enum(['true', 'false']).optional() }),
      response: { 200: z.object({ ok: z.literal(true), logs: z.number() }) },
    },
    handler: (req) => registers.removeRegister(ctx, auth(req), req.params.id, req.query.force === 'true'),
  });
  r.patch('/:id/update-frequency', {
    config: perm('WRITE'),
    schema: { tags, summary: 'Change the frequency (staff; must fit the period)', params: ZIdParams, body: ZUpdateFrequency, response: { 200: ZRegisterOut } },
    handler: (req) => registers.updateFrequency(ctx, auth(req), req.params.id, req.body.frequency),
  });
  r.patch('/:id/open-close', {
    config: perm('WRITE'),
    schema: {
      tags,
      summary: "Open or close a day ('day') or the register's period (staff; after confirmation in the UI)",
      params: ZIdParams,
      body: ZOpenClose,
      response: { 200: z.object({ period: z.string(), startDay: z.string(), open: z.boolean() }) },
    },
    handler: (req) => logs.openClose(ctx, auth(req), req.params.id, req.body),
  });
  r.post('/:registerId/facility-data', {
    config: perm('READ'),
    schema: {
      tags,
      summary:
        'The log grid of the period containing `date` (default today): facilities, due takes, stored entries, late and repeated flags (844 without facilities)',
      params: z.object({ registerId: z.string().uuid() }),
      body: ZFacilityDataBody,
      response: { 200: ZFacilityDataFlaggedOut },
    },
    handler: (req) => logs.facilityData(ctx, auth(req), req.params.registerId, req.body.date, req.body.repeatTakes),
  });
  r.post('/:id/answer/checkRegisterData', {
    config: perm('WRITE'),
    schema: {
      tags,
      summary: 'Before a save: the checks of answer/add and what is already stored for that take',
      params: ZIdParams,
      body: ZCheckRegisterData,
      response: { 200: ZCheckRegisterDataOut },
    },
    handler: (req) => logs.checkRegisterData(ctx, auth(req), req.params.id, req.body),
  });
  r.post('/:id/answer/add', {
    config: perm('WRITE'),
    schema: {
      tags,
      summary:
        'Save a take of one or more facilities (RCL0001 outside the current period, 844 unknown facility, 422 already stored unless force, RLD0001 locked)',
      params: ZIdParams,
      body: ZAnswerAdd,
      response: { 200: z.array(ZLogEntryOut) },
    },
    handler: (req) => logs.addAnswer(ctx, auth(req), req.params.id, req.body),
  });
}
