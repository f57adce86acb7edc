import { CHANGES_WAITING, isApiError, NETWORK_ERROR, STORAGE_FULL } from '../api/errors';
import i18n from './index';

/** The translated text of an error: alert.error.{name}.{reference}, else INTERNALERROR.0. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.name === NETWORK_ERROR) return i18n.t('alert.error.network');
    if (error.name === STORAGE_FULL) return i18n.t('alert.error.storageFull');
    if (error.name === CHANGES_WAITING) return i18n.t('alert.error.changesWaiting');
    const key = `alert.error.${error.name}.${error.reference}`;
    if (i18n.exists(key)) return i18n.t(key);
  }
  return i18n.t('alert.error.INTERNALERROR.0');
}
