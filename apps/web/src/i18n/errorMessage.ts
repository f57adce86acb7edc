import { CHANGES_WAITING, isApiError, NETWORK_ERROR, STORAGE_FULL } from '../api/errors';
import i18n from './index';

/** What the device itself refuses (nothing reached the server, so no catalogue entry): their texts. */
const DEVICE_ERRORS: Record<string, string> = {
  [NETWORK_ERROR]: 'alert.error.network',
  [STORAGE_FULL]: 'alert.error.storageFull',
  [CHANGES_WAITING]: 'alert.error.changesWaiting',
};

/** The translated text of an error: alert.error.{name}.{reference}, else INTERNALERROR.0. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) {
    const device = DEVICE_ERRORS[error.name];
    if (device) return i18n.t(device);
    const key = `alert.error.${error.name}.${error.reference}`;
    if (i18n.exists(key)) return i18n.t(key);
  }
  return i18n.t('alert.error.INTERNALERROR.0');
}
