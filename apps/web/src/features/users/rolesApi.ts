import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZRole } from '@audit/domain/roles';
import { roleCalls } from '@audit/domain/calls/roles';
import { sendPage } from '../../api/send';

/** The selector's projection of a role as the server answers it (packages/domain/src/roles.ts), with its permissions when asked for. */
const ZSelectorRole = ZRole.pick({ _id: true, name: true, superAdmin: true }).extend(ZRole.pick({ permissions: true, grantable: true }).partial().shape);
export type TRole = z.infer<typeof ZSelectorRole>;

/** roleCalls.search, size 250 (role selector). */
export const searchRoles = async () => {
  const page = await sendPage(roleCalls.search, { size: 250, page: 0, sort: 'name', projections: ['name', 'superAdmin', 'permissions', 'grantable'] });
  return { ...page, items: page.items.map((role) => ZSelectorRole.parse(role)) };
};

export const rolesQueryOptions = () => queryOptions({ queryKey: ['roles', 'selector'], queryFn: searchRoles });

export const useRoleOptions = () => useQuery(rolesQueryOptions());
