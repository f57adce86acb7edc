import type { TPermission, TPermissionModule } from '@audit/domain/permissions';
import { definePolicy, holdsOn } from '../../platform/policy.js';

/**
 * The policy of a catalogue row (nomenclatures, services, categories): its module's WRITE or
 * DELETE permission, on a row of the caller's space (an ancestor's row is read only: 451).
 */
export const cataloguePolicy = (module: TPermissionModule) =>
  definePolicy<{ secureSpacePath: string }, 'update' | 'delete'>({
    update: (who, row) => holdsOn(who, row, `${module}:WRITE` as TPermission),
    delete: (who, row) => holdsOn(who, row, `${module}:DELETE` as TPermission),
  });
