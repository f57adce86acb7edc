import { userCalls } from '@audit/domain/calls/users';
import { ZUser } from '@audit/domain/users';
import type { TSearchRequest } from './client';
import { sendPage } from './send';
import { wholeRows } from './wholeRows';

/**
 * userCalls.search without projections, shared by the users screens, the users tabs and a client's
 * users: every user comes whole (the call's answer is partial only for a projection), which the parse says.
 */
export async function searchWholeUsers(search: Omit<TSearchRequest, 'projections'>) {
  return wholeRows(ZUser, sendPage(userCalls.search, search));
}
