import { registerCalls } from '@audit/domain/calls/registers';
import { send } from '../../../api/send';
import { registerResourceKind, resourceKey } from '../../../offline/resources';
import { describeLogChange, logCommands, type TRegisterLog } from './logChanges';

/**
 * A register's log on the offline layer (decision 0021): the kind `register`, registered when this
 * module is imported (the shell imports it eagerly, so that a replay away from the log knows it).
 * Only the saves of takes wait in the queue; the checks before a save and open/close are online.
 */
export const REGISTER_KIND = 'register';
export const registerLogResource = (registerId: string) => resourceKey(REGISTER_KIND, registerId);
export const LOG_PATH_PATTERN = /^\/registers\/log\/[^/]+$/;
export const logPath = (registerId: string) => `/registers/log/${registerId}`;
/** Query keys of what lists show of registers (status, pending badges): read again after a replay. */
export const REGISTER_LOGS_QUERY_KEY = ['register-logs'] as const;

export const fetchGrid = (registerId: string, body: { date?: string; repeatTakes?: number } = {}) =>
  send(registerCalls.facilityData, { params: { registerId }, body });
export const fetchRegister = (id: string) => send(registerCalls.get, { params: { id } });

/** The register and the grid of its current period, as the device keeps them. */
export async function fetchRegisterLog(registerId: string): Promise<TRegisterLog> {
  const [register, grid] = await Promise.all([fetchRegister(registerId), fetchGrid(registerId)]);
  return { register, grid };
}

registerResourceKind<TRegisterLog>({
  type: REGISTER_KIND,
  load: fetchRegisterLog,
  // Kept for offline use by whoever may write it: the client's staff at the facility.
  keepCopy: (log) => log.register.can.write,
  commands: logCommands,
  describe: describeLogChange,
  changeLabelKey: (kind) => `registerLogs.offline.kind.${kind}`,
  elsewhereKey: 'registerLogs.offline.otherRegister',
  refreshViews: (queryClient) => queryClient.invalidateQueries({ queryKey: REGISTER_LOGS_QUERY_KEY }),
  page: LOG_PATH_PATTERN,
  pathOf: (registerId) => logPath(registerId),
});
