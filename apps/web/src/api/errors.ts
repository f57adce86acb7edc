import { CATALOGUE, type TErrorBody } from '@audit/domain/errors';

/** Name used when the server could not be reached at all (no catalogue entry). */
export const NETWORK_ERROR = 'NETWORKERROR';

/** The one error the web knows: an HTTP status plus the catalogue's name and reference. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly name: string,
    readonly reference: string,
    message: string,
    readonly fields: string[] = [],
  ) {
    super(message);
  }

  get key() {
    return `${this.name}.${this.reference}`;
  }
}

const isErrorBody = (value: unknown): value is TErrorBody =>
  typeof value === 'object' && value !== null && typeof (value as TErrorBody).name === 'string' && (value as TErrorBody).reference != null;

/** Parses any failed answer into an ApiError; a body without name/reference is INTERNALERROR 0. */
export async function parseErrorResponse(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (isErrorBody(body)) return new ApiError(response.status, body.name, String(body.reference), body.message ?? '', body.fields ?? []);
  return new ApiError(response.status, 'INTERNALERROR', '0', response.statusText);
}

export const networkError = () => new ApiError(0, NETWORK_ERROR, '0', 'Network error');

/** Name used when this device could not keep a change (its storage is full; no catalogue entry: the server never saw it). */
export const STORAGE_FULL = 'DEVICESTORAGEFULL';
export const storageFullError = () => new ApiError(0, STORAGE_FULL, '0', 'Device storage full');

/** Name used when an online-only write would overtake changes of its resource still waiting in this device's queue (no catalogue entry: nothing was sent). */
export const CHANGES_WAITING = 'CHANGESWAITING';
export const changesWaitingError = () => new ApiError(0, CHANGES_WAITING, '0', 'Changes wait in the queue');

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** A catalogue entry's name in the code (`'similarData'`), as the server raises it. */
export type TErrorKey = keyof typeof CATALOGUE;

/**
 * Whether `error` is the catalogue's error `key` (or any of `keys`): compared by the entry's name and
 * reference, so the web never spells a bare reference ('422') and a renamed entry fails to compile.
 */
export function isError(error: unknown, ...keys: TErrorKey[]): boolean {
  return isApiError(error) && keys.some((key) => CATALOGUE[key].name === error.name && CATALOGUE[key].reference === error.reference);
}
