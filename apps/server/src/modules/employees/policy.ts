import { definePolicy, holds, holdsOn } from '../../platform/policy.js';

/**
 * Employees (decision 0084): the WORKER permissions of the product document section 6. Reading
 * needs WORKER:READ; changing a row needs WORKER:WRITE (WORKER:DELETE to delete) on a row of the
 * caller's space or below (451 for an ancestor's). Creating needs WORKER:CREATE (the route's access).
 */
export const employeePolicy = definePolicy<{ secureSpacePath: string }, 'read' | 'update' | 'delete'>({
  read: (who) => holds(who, 'WORKER:READ'),
  update: (who, row) => holdsOn(who, row, 'WORKER:WRITE'),
  delete: (who, row) => holdsOn(who, row, 'WORKER:DELETE'),
});
