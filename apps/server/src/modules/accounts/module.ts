import { AUTH, CORE, defineModule } from '../../platform/module.js';
import { declareTables } from '../../platform/row-security.js';
import * as tables from './tables.js';
import { purgeAccountLinksJob } from './purge.js';
import { accountsPublicRoutes } from './public-routes.js';
import { joinJob } from './join-requests.js';
import { recoverJob } from './recovery.js';
import { sendSmsJob } from './phone.js';
import { invitesRoutes, joinRequestsRoutes, phoneCodeRoutes } from './routes.js';
import { resendJob, signupJob } from './signup.js';
import { socialRoutes } from './social-routes.js';

/** The ways in (decision 0040): recovery, sign-up and confirmation, invitations, access requests, the captcha; Google sign-in (0046). */
export const accountsModule = defineModule({
  name: 'accounts',
  routes: [
    [AUTH, accountsPublicRoutes],
    /** Google sign-in (decision 0046). */
    [AUTH, socialRoutes],
    [`${CORE}/invites`, invitesRoutes],
    [`${CORE}/access-requests`, joinRequestsRoutes],
    [`${CORE}/users`, phoneCodeRoutes],
  ],
  jobs: [joinJob, recoverJob, signupJob, resendJob, sendSmsJob, purgeAccountLinksJob],
  schedules: [{ job: purgeAccountLinksJob, cron: '40 3 * * *', tz: 'Europe/Madrid' }],
  tables: declareTables(tables, {
    accountLinks: { global: 'a sign-in provider account linked to a user: read at sign-in, before any space is known, by the user id only' },
    captchaSpent: { global: 'spent captcha answers of anonymous forms: no tenant yet' },
    invitations: 'tenant',
    joinRequests: 'tenant',
  }),
});
