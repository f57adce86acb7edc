import { queryOptions, useQuery } from '@tanstack/react-query';
import { searchPage } from '../../api/client';

export interface TRole {
  _id: string;
  name: string;
  superAdmin: boolean;
  permissions?: string[];
}

/** POST /ms-core/api/roles/search, size 250 (role selector). */
export const searchRoles = () =>
  searchPage<TRole>('/ms-core/api/roles/search', { size: 250, page: 0, sort: 'name', projections: ['name', 'superAdmin', 'permissions'] });

export const rolesQueryOptions = () => queryOptions({ queryKey: ['roles', 'selector'], queryFn: searchRoles });

export const useRoleOptions = () => useQuery(rolesQueryOptions());
