import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZSearchBody, zIdList } from '@audit/domain/search';
import { ZLanguageInput, ZMe, ZOnboarding, ZProfileInput, ZUser, ZUserInput, ZUserUpdate } from '@audit/domain/users';
import { requireAuth } from '../../platform/auth.js';
import { sendPage, typed, ZId, ZIdParams, ZOk, type TModuleContext } from '../../platform/http.js';
import * as service from './service.js';
import * as profile from './profile.js';
import * as write from './write.js';

/** /ms-core/api/users */
export async function usersRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const r = typed(app);

  r.get('/me', {
    config: { access: { permissions: [] } },
    schema: { tags: ['users'], summary: 'The signed-in user, with permissions', response: { 200: ZMe } },
    handler: (req) => service.getMe(ctx, requireAuth(req)),
  });

  r.patch('/me', {
    config: { access: { permissions: [] } },
    schema: {
      tags: ['users'],
      summary: 'Edit your own profile: name, phone, language and (with the current one) the password',
      body: ZProfileInput,
      response: { 200: ZMe },
    },
    handler: async (req) => {
      const caller = requireAuth(req);
      await profile.updateProfile(ctx, caller, req.body);
      return service.getMe(ctx, caller);
    },
  });

  r.post('/me/onboarding', {
    config: { access: { permissions: [] } },
    schema: {
      tags: ['users'],
      summary: 'Complete onboarding: profile, new password (ends every session) and terms (decision 0041)',
      body: ZOnboarding,
      response: { 200: ZOk },
    },
    handler: (req) => profile.completeOnboarding(ctx, requireAuth(req), req.body),
  });

  r.patch('/me/language', {
    config: { access: { permissions: [] } },
    schema: { tags: ['users'], summary: "Save your language (the header's switch); the next sign-in uses it", body: ZLanguageInput, response: { 200: ZOk } },
    handler: async (req) => {
      await profile.updateLanguage(ctx, requireAuth(req), req.body.language);
      return { ok: true as const };
    },
  });

  r.patch('/me/settings', {
    config: { access: { permissions: [] } },
    schema: {
      tags: ['users'],
      summary: "Save one of the caller's preferences (e.g. a table's size and hidden columns)",
      body: z
        .object({ key: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/), value: z.unknown() })
        .refine((b) => JSON.stringify(b.value ?? null).length <= 4000, { path: ['value'] }),
      response: { 200: ZOk },
    },
    handler: async (req) => {
      await service.saveMySetting(ctx, requireAuth(req), req.body.key, req.body.value ?? null);
      return { ok: true as const };
    },
  });

  r.post('/search', {
    config: { access: { permissions: ['USER:READ'] } },
    schema: { tags: ['users'], summary: 'Paged search of the users of the space', body: ZSearchBody, response: { 200: z.array(ZUser.partial()) } },
    handler: async (req, reply) => sendPage(reply, await service.searchUsers(ctx, requireAuth(req), req.body)),
  });

  r.get('/:id', {
    config: { access: { permissions: ['USER:READ'] } },
    schema: { tags: ['users'], summary: 'One user', params: ZIdParams, response: { 200: ZUser } },
    handler: (req) => service.getUser(ctx, requireAuth(req), req.params.id),
  });

  r.post('/', {
    config: { access: { permissions: ['USER:CREATE'] } },
    schema: { tags: ['users'], summary: 'Create a user in the space', body: ZUserInput, response: { 200: ZUser.extend({ password: z.string().optional() }) } },
    handler: (req) => write.createUser(ctx, requireAuth(req), req.body),
  });

  r.patch('/:id', {
    config: { access: { permissions: ['USER:WRITE'] } },
    schema: {
      tags: ['users'],
      summary: 'Update a user',
      params: ZIdParams,
      body: ZUserUpdate,
      response: { 200: ZUser },
    },
    handler: (req) => write.updateUser(ctx, requireAuth(req), req.params.id, req.body),
  });

  r.post('/status', {
    config: { access: { permissions: ['USER:WRITE'] } },
    schema: {
      tags: ['users'],
      summary: 'Change the status of users (never your own)',
      body: z.object({ users: zIdList(500), status: z.enum(['ACTIVE', 'LOCK']) }),
      response: { 200: ZOk },
    },
    handler: async (req) => {
      await service.changeStatus(ctx, requireAuth(req), req.body.users, req.body.status);
      return { ok: true as const };
    },
  });

  r.post('/delete', {
    config: { access: { permissions: ['USER:DELETE'] } },
    schema: {
      tags: ['users'],
      summary: 'Remove users (bulk; never yourself)',
      body: z.object({ users: zIdList(500) }),
      response: { 200: ZOk },
    },
    handler: async (req) => {
      await service.removeUsers(ctx, requireAuth(req), req.body.users);
      return { ok: true as const };
    },
  });

  r.delete('/:id', {
    config: { access: { permissions: ['USER:DELETE'] } },
    schema: { tags: ['users'], summary: 'Remove a user (not yourself)', params: ZIdParams, response: { 200: ZOk } },
    handler: async (req) => {
      await service.removeUsers(ctx, requireAuth(req), [req.params.id]);
      return { ok: true as const };
    },
  });

  r.post('/:id/restore', {
    config: { access: { permissions: ['USER:WRITE'] } },
    schema: { tags: ['users'], summary: 'Restore a removed user (comes back unverified)', params: ZIdParams, response: { 200: ZUser } },
    handler: (req) => service.restoreUser(ctx, requireAuth(req), req.params.id),
  });

  r.post('/password-reset', {
    config: { access: { permissions: ['USER:WRITE'] } },
    schema: {
      tags: ['users'],
      summary: "Reset a user's password",
      body: z.object({ _id: ZId, password: z.string().max(256).optional(), autoGeneratePassword: z.boolean().default(false) }),
      response: { 200: z.object({ ok: z.literal(true), password: z.string().optional() }) },
    },
    handler: (req) => service.resetPassword(ctx, requireAuth(req), req.body),
  });
}
