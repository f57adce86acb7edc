import { registerRateLimits } from '../../platform/rate-limit/store.js';
import type { FastifyInstance } from 'fastify';
import { accountCalls } from '@audit/domain/calls/accounts';
import { requireAuth } from '../../platform/auth.js';
import { sendPage, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import { actOnInvitation, invitableRoles, inviteMany, searchInvitations } from './invites.js';
import { processById, searchJoinRequests } from './join-requests.js';
import { sendPhoneCode } from './phone.js';

const invite = { access: { permissions: ['USER:INVITE' as const] } };

/** /ms-core/api/invites: an administrator invites people to the current space with a role (decision 0040). */
export async function invitesRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const tags = ['accounts'];
  route(app, accountCalls.invite, {
    config: invite,
    tags,
    summary: 'Invite a list of e-mails with a role (a repeated or already invited e-mail is 420)',
    handler: (req) => inviteMany(ctx, requireAuth(req), req.body),
  });
  route(app, accountCalls.inviteRoles, {
    config: invite,
    tags,
    summary: 'The roles the caller may invite with (an administrator any; others none above their own permissions)',
    handler: (req) => invitableRoles(ctx, requireAuth(req)),
  });
  route(app, accountCalls.searchInvitations, {
    config: invite,
    tags,
    summary: 'Paged search of the invitations of the space',
    handler: async (req, reply) => sendPage(reply, await searchInvitations(ctx, requireAuth(req), req.body)),
  });
  route(app, accountCalls.resendInvitation, {
    config: invite,
    tags,
    summary: 'Send a PENDING invitation again (the previous link stops working)',
    handler: (req) => actOnInvitation(ctx, requireAuth(req), req.params.id, 'resend'),
  });
  route(app, accountCalls.cancelInvitation, {
    config: invite,
    tags,
    summary: 'Cancel a PENDING invitation (its link stops working)',
    handler: (req) => actOnInvitation(ctx, requireAuth(req), req.params.id, 'cancel'),
  });
}

/** /ms-core/api/access-requests: the manager's list of strangers asking to join. */
export async function joinRequestsRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const tags = ['accounts'];
  route(app, accountCalls.searchJoinRequests, {
    config: invite,
    tags,
    summary: 'Paged search of the access requests of the space',
    handler: async (req, reply) => sendPage(reply, await searchJoinRequests(ctx, requireAuth(req), req.body)),
  });
  route(app, accountCalls.processJoinRequest, {
    config: invite,
    tags,
    summary: 'Accept (invites the requester) or reject (tells them) a PENDING access request',
    handler: (req) => processById(ctx, requireAuth(req), req.params.id, req.body.accept),
  });
}

/** /ms-core/api/users/me/phone-code: a code texted to the phone the signed-in user wants to confirm. */
export async function phoneCodeRoutes(app: FastifyInstance, ctx: TModuleContext) {
  await registerRateLimits(app, ctx.db);
  route(app, accountCalls.phoneCode, {
    config: { access: { permissions: [] }, rateLimit: { max: 5, timeWindow: '1 minute' } },
    tags: ['accounts'],
    summary: 'Text a confirmation code to a phone (then POST /auth/api/confirm-phone)',
    handler: (req) => sendPhoneCode(ctx, requireAuth(req), req.body.phone),
  });
}
