import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZAccepted, ZInvitation, ZInviteCreate, ZInviteRole, ZJoinRequest, ZPhoneCodeRequest, ZProcessJoinRequest } from '@audit/domain/accounts';
import { ZSearchBody } from '@audit/domain/search';
import { requireAuth } from '../../platform/auth.js';
import { sendPage, typed, ZIdParams, type TModuleContext } from '../../platform/http.js';
import { actOnInvitation, invitableRoles, inviteMany, searchInvitations } from './invites.js';
import { processById, searchJoinRequests } from './join-requests.js';
import { sendPhoneCode } from './phone.js';

const invite = { access: { permissions: ['USER:INVITE' as const] } };

/** /ms-core/api/invites: an administrator invites people to the current space with a role (decision 0040). */
export async function invitesRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const r = typed(app);
  const tags = ['accounts'];
  r.post('/', {
    config: invite,
    schema: {
      tags,
      summary: 'Invite a list of e-mails with a role (a repeated or already invited e-mail is 420)',
      body: ZInviteCreate,
      response: { 200: z.array(ZInvitation) },
    },
    handler: (req) => inviteMany(ctx, requireAuth(req), req.body),
  });
  r.get('/roles', {
    config: invite,
    schema: {
      tags,
      summary: 'The roles the caller may invite with (an administrator any; others none above their own permissions)',
      response: { 200: z.array(ZInviteRole) },
    },
    handler: (req) => invitableRoles(ctx, requireAuth(req)),
  });
  r.post('/search', {
    config: invite,
    schema: { tags, summary: 'Paged search of the invitations of the space', body: ZSearchBody, response: { 200: z.array(ZInvitation) } },
    handler: async (req, reply) => sendPage(reply, await searchInvitations(ctx, requireAuth(req), req.body)),
  });
  r.post('/:id/resend', {
    config: invite,
    schema: { tags, summary: 'Send a PENDING invitation again (the previous link stops working)', params: ZIdParams, response: { 200: ZInvitation } },
    handler: (req) => actOnInvitation(ctx, requireAuth(req), req.params.id, 'resend'),
  });
  r.post('/:id/cancel', {
    config: invite,
    schema: { tags, summary: 'Cancel a PENDING invitation (its link stops working)', params: ZIdParams, response: { 200: ZInvitation } },
    handler: (req) => actOnInvitation(ctx, requireAuth(req), req.params.id, 'cancel'),
  });
}

/** /ms-core/api/access-requests: the manager's list of strangers asking to join. */
export async function joinRequestsRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const r = typed(app);
  const tags = ['accounts'];
  r.post('/search', {
    config: invite,
    schema: { tags, summary: 'Paged search of the access requests of the space', body: ZSearchBody, response: { 200: z.array(ZJoinRequest) } },
    handler: async (req, reply) => sendPage(reply, await searchJoinRequests(ctx, requireAuth(req), req.body)),
  });
  r.post('/:id/process', {
    config: invite,
    schema: {
      tags,
      summary: 'Accept (invites the requester) or reject (tells them) a PENDING access request',
      params: ZIdParams,
      body: ZProcessJoinRequest,
      response: { 200: ZJoinRequest },
    },
    handler: (req) => processById(ctx, requireAuth(req), req.params.id, req.body.accept),
  });
}

/** /ms-core/api/users/me/phone-code: a code texted to the phone the signed-in user wants to confirm. */
export async function phoneCodeRoutes(app: FastifyInstance, ctx: TModuleContext) {
  await app.register(rateLimit, { global: false });
  typed(app).post('/me/phone-code', {
    config: { access: { permissions: [] }, rateLimit: { max: 5, timeWindow: '1 minute' } },
    schema: {
      tags: ['accounts'],
      summary: 'Text a confirmation code to a phone (then POST /auth/api/confirm-phone)',
      body: ZPhoneCodeRequest,
      response: { 200: ZAccepted },
    },
    handler: (req) => sendPhoneCode(ctx, requireAuth(req), req.body.phone),
  });
}
