import { userCalls } from '@audit/domain/calls/users';
import { ZUser } from '@audit/domain/users';
import type { TSearchRequest } from './client';
import { sendPage } from './send';

/**
 * userCalls.search without projections, shared by the users screens, the users tabs and a client's
 * users: every user comes whole (the call's answer is partial only for a projection), which the parse says.
 */
export async function searchWholeUsers(search: Omit<TSearchRequest, 'projections'>) {
  const page = await sendPage(userCalls.search, search);
  return { ...page, items: page.items.map((user) => ZUser.parse(user)) };
}
