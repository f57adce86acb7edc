import { z } from '../zod.js';
import {
  ZAccepted,
  ZAcceptInvite,
  ZAccessRequest,
  ZAccessRequestLookup,
  ZCaptchaChallenge,
  ZConfirm,
  ZConfirmPhone,
  ZInvitation,
  ZInviteCreate,
  ZInviteLookup,
  ZInviteRole,
  ZJoinRequest,
  ZPhoneCodeRequest,
  ZProcessAccess,
  ZProcessJoinRequest,
  ZRecoverRequest,
  ZRecoverReset,
  ZResend,
  ZSignup,
  ZSignupSpace,
} from '../accounts.js';
import { ZSearchBody } from '../search.js';
import { ZSession } from '../spaces.js';
import { AUTH, CORE, defineCall } from './define.js';

const ZIdParams = z.object({ id: z.string().uuid() });
const INVITES = `${CORE}/invites`;
const REQUESTS = `${CORE}/access-requests`;

/**
 * The ways in (decision 0040): the public forms and links under /auth/api (recovery, sign-up and
 * confirmation, invitations, access requests, the captcha, the phone's confirmation), and the
 * administrator's invitations and access requests of the space.
 */
export const accountCalls = {
  /** A proof-of-work captcha challenge (self-hosted). */
  captcha: defineCall({ name: 'accounts.captcha', method: 'GET', path: `${AUTH}/captcha`, response: ZCaptchaChallenge }),
  /** Same answer whether or not the account exists. */
  recover: defineCall({ name: 'accounts.recover', method: 'POST', path: `${AUTH}/recover`, body: ZRecoverRequest, response: ZAccepted }),
  /** LNK0001 when the link is no longer usable. */
  recoverCheck: defineCall({ name: 'accounts.recoverCheck', method: 'POST', path: `${AUTH}/recover/check`, body: ZConfirm, response: ZAccepted }),
  /** Ends every session. */
  recoverReset: defineCall({ name: 'accounts.recoverReset', method: 'POST', path: `${AUTH}/recover/reset`, body: ZRecoverReset, response: ZAccepted }),
  /** Spaces that take sign-ups (empty: the sign-up link is hidden). */
  signupSpaces: defineCall({ name: 'accounts.signupSpaces', method: 'GET', path: `${AUTH}/signup/spaces`, response: z.array(ZSignupSpace) }),
  signup: defineCall({ name: 'accounts.signup', method: 'POST', path: `${AUTH}/signup`, body: ZSignup, response: ZAccepted }),
  confirm: defineCall({ name: 'accounts.confirm', method: 'POST', path: `${AUTH}/confirm`, body: ZConfirm, response: ZAccepted }),
  resendConfirmation: defineCall({ name: 'accounts.resendConfirmation', method: 'POST', path: `${AUTH}/confirm/resend`, body: ZResend, response: ZAccepted }),
  inviteLookup: defineCall({ name: 'accounts.inviteLookup', method: 'POST', path: `${AUTH}/invites/lookup`, body: ZConfirm, response: ZInviteLookup }),
  /** A new person also sets a name and a password, and is signed in (the session). */
  acceptInvite: defineCall({
    name: 'accounts.acceptInvite',
    method: 'POST',
    path: `${AUTH}/invites/accept-invite`,
    body: ZAcceptInvite,
    response: z.object({ ok: z.literal(true), signIn: z.boolean(), session: ZSession.optional() }),
  }),
  /** Asks to join a space; its managers are told by e-mail. */
  requestAccess: defineCall({ name: 'accounts.requestAccess', method: 'POST', path: `${AUTH}/access-requests`, body: ZAccessRequest, response: ZAccepted }),
  accessRequestLookup: defineCall({
    name: 'accounts.accessRequestLookup',
    method: 'POST',
    path: `${AUTH}/access-requests/lookup`,
    body: ZConfirm,
    response: ZAccessRequestLookup,
  }),
  /** The signed-in user's phone, with the code texted to it (phoneCode). */
  confirmPhone: defineCall({ name: 'accounts.confirmPhone', method: 'POST', path: `${AUTH}/confirm-phone`, body: ZConfirmPhone, response: ZAccepted }),
  /** Accept or reject an access request from the manager's link. */
  processAccess: defineCall({
    name: 'accounts.processAccess',
    method: 'POST',
    path: `${AUTH}/process-access`,
    body: ZProcessAccess,
    response: z.object({ status: z.enum(['PENDING', 'ACCEPTED', 'REJECTED']) }),
  }),

  /** Invites a list of e-mails with a role (a repeated or already invited e-mail is 420). */
  invite: defineCall({ name: 'accounts.invite', method: 'POST', path: INVITES, body: ZInviteCreate, response: z.array(ZInvitation) }),
  /** The roles the caller may invite with. */
  inviteRoles: defineCall({ name: 'accounts.inviteRoles', method: 'GET', path: `${INVITES}/roles`, response: z.array(ZInviteRole) }),
  searchInvitations: defineCall({
    name: 'accounts.searchInvitations',
    method: 'POST',
    path: `${INVITES}/search`,
    body: ZSearchBody,
    response: z.array(ZInvitation),
    page: true,
  }),
  /** A PENDING invitation again (the previous link stops working). */
  resendInvitation: defineCall({ name: 'accounts.resendInvitation', method: 'POST', path: `${INVITES}/:id/resend`, params: ZIdParams, response: ZInvitation }),
  cancelInvitation: defineCall({ name: 'accounts.cancelInvitation', method: 'POST', path: `${INVITES}/:id/cancel`, params: ZIdParams, response: ZInvitation }),

  searchJoinRequests: defineCall({
    name: 'accounts.searchJoinRequests',
    method: 'POST',
    path: `${REQUESTS}/search`,
    body: ZSearchBody,
    response: z.array(ZJoinRequest),
    page: true,
  }),
  /** Accept (invites the requester) or reject (tells them) a PENDING access request. */
  processJoinRequest: defineCall({
    name: 'accounts.processJoinRequest',
    method: 'POST',
    path: `${REQUESTS}/:id/process`,
    params: ZIdParams,
    body: ZProcessJoinRequest,
    response: ZJoinRequest,
  }),
  /** Texts a confirmation code to a phone (then confirmPhone). */
  phoneCode: defineCall({ name: 'accounts.phoneCode', method: 'POST', path: `${CORE}/users/me/phone-code`, body: ZPhoneCodeRequest, response: ZAccepted }),
};
