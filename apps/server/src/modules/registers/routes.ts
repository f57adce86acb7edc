import type { FastifyInstance } from 'fastify';
import { registerCalls } from '@audit/domain/calls/registers';
import { requireAuth, requires } from '../../platform/auth.js';
import { sendPage, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import * as logs from './logs.js';
import * as registers from './service.js';

const perm = (action: 'READ' | 'CREATE' | 'WRITE' | 'DELETE') => requires(`REGISTER:${action}`);
const tags = ['registers'];

/** /ms-registry/api/registers: registers management, their lists by status and their logs. */
export async function registersRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const auth = requireAuth;
  route(app, registerCalls.search, {
    config: perm('READ'),
    tags,
    summary: 'Paged search of registers within the caller’s registersAccess (area, establishments, date range; size 100)',
    handler: async (req, reply) => sendPage(reply, await registers.searchRegisters(ctx, auth(req), req.body)),
  });
  route(app, registerCalls.searchForClientUser, {
    config: perm('READ'),
    tags,
    summary: 'The client user’s registers: the search limited by their registersAccess',
    handler: async (req, reply) => sendPage(reply, await registers.searchRegisters(ctx, auth(req), req.body)),
  });
  route(app, registerCalls.searchForUsersAccess, {
    config: perm('READ'),
    tags,
    summary: 'Options of the user form’s registersAccess select (name, areaAccess, category)',
    handler: async (req, reply) =>
      sendPage(reply, await registers.searchRegisters(ctx, auth(req), { ...req.body, projections: ['name', 'areaAccess', 'category', 'client'] })),
  });
  const byStatus = { pending: registerCalls.searchPending, completed: registerCalls.searchCompleted, closed: registerCalls.searchClosed } as const;
  for (const status of ['pending', 'completed', 'closed'] as const) {
    route(app, byStatus[status], {
      config: perm('READ'),
      tags,
      summary: `Registers whose current period is ${status} (decision 0031), filtered by area, establishments, date range; size 100`,
      handler: async (req, reply) => sendPage(reply, await registers.searchByStatus(ctx, auth(req), status, req.body)),
    });
  }
  route(app, registerCalls.checkPending, {
    config: perm('READ'),
    tags,
    summary: 'Pending takes (due and missing) of the caller’s registers, or of the ones named',
    handler: (req) => logs.checkPending(ctx, auth(req), req.body.registers),
  });
  route(app, registerCalls.checkAllPending, {
    config: perm('READ'),
    tags,
    summary: 'Registers with pending takes, counted by area access (menu badges)',
    handler: (req) => logs.checkAll(ctx, auth(req)),
  });
  route(app, registerCalls.ofClient, {
    config: perm('READ'),
    tags,
    summary: 'The registers of a client (client page)',
    handler: (req) => registers.clientRegisters(ctx, auth(req), req.params.id),
  });
  route(app, registerCalls.create, {
    config: perm('CREATE'),
    tags,
    summary: 'Create a register (§5 required fields; typologies only for measurement; frequency within the period)',
    handler: (req) => registers.createRegister(ctx, auth(req), req.body),
  });
  route(app, registerCalls.get, {
    config: perm('READ'),
    tags,
    summary: 'One register with its status, totals, hasData and can',
    handler: (req) => registers.getRegister(ctx, auth(req), req.params.id),
  });
  route(app, registerCalls.update, {
    config: perm('WRITE'),
    tags,
    summary: 'Edit a register (staff); once it has data only name, areas and description',
    handler: (req) => registers.updateRegister(ctx, auth(req), req.params.id, req.body),
  });
  route(app, registerCalls.remove, {
    config: perm('DELETE'),
    tags,
    summary: 'Delete a register; with logs it needs ?force=true (420 with field logs otherwise: the reference warning)',
    handler: (req) => registers.removeRegister(ctx, auth(req), req.params.id, req.query.force === 'true'),
  });
  route(app, registerCalls.updateFrequency, {
    config: perm('WRITE'),
    tags,
    summary: 'Change the frequency (staff; must fit the period)',
    handler: (req) => registers.updateFrequency(ctx, auth(req), req.params.id, req.body.frequency),
  });
  route(app, registerCalls.openClose, {
    config: perm('WRITE'),
    tags,
    summary: "Open or close a day ('day') or the register's period (staff; after confirmation in the UI)",
    handler: (req) => logs.openClose(ctx, auth(req), req.params.id, req.body),
  });
  route(app, registerCalls.facilityData, {
    config: perm('READ'),
    tags,
    summary:
      'The log grid of the period containing `date` (default today): facilities, due takes, stored entries, late and repeated flags (844 without facilities)',
    handler: (req) => logs.facilityData(ctx, auth(req), req.params.registerId, req.body.date, req.body.repeatTakes),
  });
  route(app, registerCalls.checkRegisterData, {
    config: perm('WRITE'),
    tags,
    summary: 'Before a save: the checks of answer/add and what is already stored for that take',
    handler: (req) => logs.checkRegisterData(ctx, auth(req), req.params.id, req.body),
  });
  route(app, registerCalls.addAnswer, {
    // The offline queue sends takes keyed: the answer is stored with the key in the save's transaction (decision 0093).
    config: { ...perm('WRITE'), idempotency: 'in-transaction' },
    tags,
    summary:
      'Save a take of one or more facilities (RCL0001 outside the current period, 844 unknown facility, 422 already stored unless force, RLD0001 locked)',
    handler: (req) => logs.addAnswer(ctx, auth(req), req.params.id, req.body),
  });
}
