import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasPermissions, type TPermission } from '@audit/domain/permissions';
import { request } from '../api/client';
import { staleUnlessFromServer, withOfflineCopy } from './offlineCopy';
import { COPY_KEYS, isSignedIn } from './storage';

export interface TRoleRef {
  _id: string;
  name: string;
  superAdmin: boolean;
}

/** A user as the API presents it (users search, GET users/{id}). */
export interface TUser {
  _id: string;
  fullName: string;
  firstName: string;
  lastName: string | null;
  username: string;
  email: string;
  phone: string | null;
  avatar: string | null;
  status: string;
  verified: boolean;
  isAuditor: boolean;
  reportType: string;
  language: string;
  space: string;
  roles: TRoleRef[];
  createdAt: string;
  /** What the caller may do with this user, answered by the server's users policy. */
  can: { update: boolean; delete: boolean; changeStatus: boolean; resetPassword: boolean; email: boolean; restore: boolean };
}

/** GET /ms-core/api/users/me: the user plus the session's permissions and preferences. */
export interface TMe extends TUser {
  settings: Record<string, unknown>;
  permissions: string[];
  isAdmin: boolean;
  currentSpace: string;
  registersAccess?: { areaAccess: string }[];
  labDataAccess?: string[];
}

export const ME_QUERY_KEY = ['me'] as const;

/** Kept on the device (calls document section 6): with no network the last answer of this session stands in. */
export const fetchMe = withOfflineCopy(COPY_KEYS.profile, () => request<TMe>('/ms-core/api/users/me'));

export const meQueryOptions = () =>
  queryOptions({ queryKey: ME_QUERY_KEY, queryFn: fetchMe, enabled: isSignedIn(), staleTime: staleUnlessFromServer(COPY_KEYS.profile) });

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
