import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasPermissions, type TPermission } from '@audit/domain/permissions';
import type { TMe } from '@audit/domain/users';
import { userCalls } from '@audit/domain/calls/users';
import { send } from '../api/send';
import { copyFirst, staleUnlessFromServer, withOfflineCopy } from './offlineCopy';
import { COPY_KEYS, isSignedIn } from './storage';

/** The API's shapes, inferred from the schemas the server validates with (packages/domain/src/users.ts). */
export type { TMe, TRoleRef, TUser } from '@audit/domain/users';

export const ME_QUERY_KEY = ['me'] as const;

/** Kept on the device (calls document section 6): with no network the last answer of this session stands in. */
export const fetchMe = withOfflineCopy(COPY_KEYS.profile, () => send(userCalls.me));

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ME_QUERY_KEY,
    queryFn: fetchMe,
    enabled: isSignedIn(),
    staleTime: staleUnlessFromServer(COPY_KEYS.profile),
    ...copyFirst<TMe>(COPY_KEYS.profile),
  });

export const useMe = () => useQuery(meQueryOptions());

/** Holding ADMIN (isAdmin) passes every permission check. */
export const userCan = (me: Pick<TMe, 'isAdmin' | 'permissions'> | undefined, ...required: TPermission[]) =>
  Boolean(me && (me.isAdmin || hasPermissions(me.permissions, required)));

export const homePathFor = (me: Pick<TMe, 'isAuditor'> | undefined) => (me?.isAuditor ? '/home/auditor' : '/home/client');

export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('') || '?';

/** PATCH users/me/language: the header's switch, saved on the user so the next sign-in opens in it. */
export const saveMyLanguage = (language: 'es' | 'en') => send(userCalls.saveLanguage, { body: { language } });
