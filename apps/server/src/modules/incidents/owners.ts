import type { TSearchBody } from '@audit/domain/search';
import type { TAuth } from '../../platform/auth.js';
import type { TModuleContext } from '../../platform/http.js';
import { searchUsers } from '../users/service.js';

/**
 * Who may own an incident or a corrective action: the active users the caller's space reaches (the
 * company's people see everyone below; a client's manager sees the client's people). The users
 * module's search, narrowed to a name and an e-mail.
 */
export async function searchOwners(ctx: TModuleContext, caller: TAuth, body: TSearchBody) {
  const page = await searchUsers(ctx, caller, { ...body, filters: [...body.filters, { field: 'status', operator: 'eq', value: 'active' }], projections: null });
  return { items: page.items.map((u) => ({ _id: u._id!, name: u.fullName!, email: u.email! })), total: page.total };
}
