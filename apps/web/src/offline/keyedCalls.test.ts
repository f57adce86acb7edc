import { describe, expect, it } from 'vitest';
import { KEYED_CALLS } from '@audit/domain/calls/keyed';
import { auditCommands } from '../features/audit-run/offline/auditChanges';
import { incidentCommands } from '../features/incidents/offline/incidentChanges';
import { logCommands } from '../features/register-logs/offline/logChanges';

/**
 * Every call the offline layer sends with an Idempotency-Key (queued, or online with a key: each
 * resource kind's command map) is in the domain's KEYED_CALLS, whose routes the server registers
 * atomic: the key, the write and its answer in one transaction (decision 0093). A call added to a
 * kind without being added there fails here; the server's atomic.test.ts checks the other half.
 */
describe('the calls sent with an Idempotency-Key', () => {
  it('are exactly the domain list the server makes atomic', () => {
    const sent = [auditCommands, incidentCommands, logCommands].flatMap((commands) => Object.keys(commands));
    expect(new Set(sent).size).toBe(sent.length);
    expect([...sent].sort()).toEqual(KEYED_CALLS.map((call) => call.name).sort());
  });
});
