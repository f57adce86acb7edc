import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRole as TApiRole } from '@audit/domain/roles';
import { searchPage } from '../../api/client';

/** The selector's projection of a role as the server answers it (packages/domain/src/roles.ts), with its permissions when asked for. */
export type TRole = Pick<TApiRole, '_id' | 'name' | 'superAdmin'> & Partial<Pick<TApiRole, 'permissions' | 'grantable'>>;

/** POST /ms-core/api/roles/search, size 250 (role selector). */
export const searchRoles = () =>
  searchPage<TRole>('/ms-core/api/roles/search', { size: 250, page: 0, sort: 'name', projections: ['name', 'superAdmin', 'permissions', 'grantable'] });

export const rolesQueryOptions = () => queryOptions({ queryKey: ['roles', 'selector'], queryFn: searchRoles });

export const useRoleOptions = () => useQuery(rolesQueryOptions());
