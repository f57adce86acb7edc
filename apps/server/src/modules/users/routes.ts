import type { FastifyInstance } from 'fastify';
import { userCalls } from '@audit/domain/calls/users';
import { requireAuth } from '../../platform/auth.js';
import { sendPage, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import * as service from './service.js';
import * as profile from './profile.js';
import * as write from './write.js';

/** /ms-core/api/users */
export async function usersRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const tags = ['users'];

  route(app, userCalls.me, {
    config: { access: { permissions: [] } },
    tags,
    summary: 'The signed-in user, with permissions',
    handler: (req) => service.getMe(ctx, requireAuth(req)),
  });

  route(app, userCalls.updateMe, {
    config: { access: { permissions: [] } },
    tags,
    summary: 'Edit your own profile: name, phone, language and (with the current one) the password',
    handler: async (req) => {
      const caller = requireAuth(req);
      await profile.updateProfile(ctx, caller, req.body);
      return service.getMe(ctx, caller);
    },
  });

  route(app, userCalls.completeOnboarding, {
    config: { access: { permissions: [] } },
    tags,
    summary: 'Complete onboarding: profile, new password (ends every session) and terms (decision 0041)',
    handler: (req) => profile.completeOnboarding(ctx, requireAuth(req), req.body),
  });

  route(app, userCalls.saveLanguage, {
    config: { access: { permissions: [] } },
    tags,
    summary: "Save your language (the header's switch); the next sign-in uses it",
    handler: async (req) => {
      await profile.updateLanguage(ctx, requireAuth(req), req.body.language);
      return { ok: true as const };
    },
  });

  route(app, userCalls.saveSetting, {
    config: { access: { permissions: [] } },
    tags,
    summary: "Save one of the caller's preferences (e.g. a table's size and hidden columns)",
    handler: async (req) => {
      await service.saveMySetting(ctx, requireAuth(req), req.body.key, req.body.value ?? null);
      return { ok: true as const };
    },
  });

  route(app, userCalls.search, {
    config: { access: { permissions: ['USER:READ'] } },
    tags,
    summary: 'Paged search of the users of the space',
    handler: async (req, reply) => sendPage(reply, await service.searchUsers(ctx, requireAuth(req), req.body)),
  });

  route(app, userCalls.get, {
    config: { access: { permissions: ['USER:READ'] } },
    tags,
    summary: 'One user',
    handler: (req) => service.getUser(ctx, requireAuth(req), req.params.id),
  });

  route(app, userCalls.create, {
    config: { access: { permissions: ['USER:CREATE'] } },
    tags,
    summary: 'Create a user in the space',
    handler: (req) => write.createUser(ctx, requireAuth(req), req.body),
  });

  route(app, userCalls.update, {
    config: { access: { permissions: ['USER:WRITE'] } },
    tags,
    summary: 'Update a user',
    handler: (req) => write.updateUser(ctx, requireAuth(req), req.params.id, req.body),
  });

  route(app, userCalls.changeStatus, {
    config: { access: { permissions: ['USER:WRITE'] } },
    tags,
    summary: 'Change the status of users (never your own)',
    handler: async (req) => {
      await service.changeStatus(ctx, requireAuth(req), req.body.users, req.body.status);
      return { ok: true as const };
    },
  });

  route(app, userCalls.removeMany, {
    config: { access: { permissions: ['USER:DELETE'] } },
    tags,
    summary: 'Remove users (bulk; never yourself)',
    handler: async (req) => {
      await service.removeUsers(ctx, requireAuth(req), req.body.users);
      return { ok: true as const };
    },
  });

  route(app, userCalls.remove, {
    config: { access: { permissions: ['USER:DELETE'] } },
    tags,
    summary: 'Remove a user (not yourself)',
    handler: async (req) => {
      await service.removeUsers(ctx, requireAuth(req), [req.params.id]);
      return { ok: true as const };
    },
  });

  route(app, userCalls.restore, {
    config: { access: { permissions: ['USER:WRITE'] } },
    tags,
    summary: 'Restore a removed user (comes back unverified)',
    handler: (req) => service.restoreUser(ctx, requireAuth(req), req.params.id),
  });

  route(app, userCalls.resetPassword, {
    config: { access: { permissions: ['USER:WRITE'] } },
    tags,
    summary: "Reset a user's password",
    handler: (req) => service.resetPassword(ctx, requireAuth(req), req.body),
  });
}
