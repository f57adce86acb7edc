import type { TPermission } from '@audit/domain/permissions';
import { definePolicy, holds } from '../../platform/policy.js';

/**
 * Who may do what with a client structure, an establishment or an area: the WRITE or DELETE
 * permission of its own module (STRUCTURE, ESTABLISHMENT, AREA); the space the session acts in is
 * never deleted from inside it.
 */
export interface TStructureSubject {
  id: string;
  typeStructure: string;
}

/** Permission module of a structure by its type. */
export const moduleOf = (typeStructure: string) => (typeStructure === 'ESTABLISHMENT' || typeStructure === 'AREA' ? typeStructure : 'STRUCTURE');
const permission = (row: TStructureSubject, action: 'WRITE' | 'DELETE') => `${moduleOf(row.typeStructure)}:${action}` as TPermission;

export const structurePolicy = definePolicy<TStructureSubject, 'update' | 'delete'>({
  update: (who, row) => holds(who, permission(row, 'WRITE')),
  delete: (who, row) => holds(who, permission(row, 'DELETE')) && row.id !== who.spaceId,
});
