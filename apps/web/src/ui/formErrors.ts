import type { FormInstance } from 'antd';
import { isApiError, isError } from '../api/errors';
import { errorMessage } from '../i18n/errorMessage';

/** Puts a validation failure's `fields` on the form's fields; returns whether any matched. */
export function applyFieldErrors(form: FormInstance, error: unknown, known: string[]): boolean {
  if (!isApiError(error)) return false;
  const fields = isError(error, 'emailTaken') ? ['email'] : error.fields;
  const matched = fields.map((f) => f.split('.')[0]!).filter((f) => known.includes(f));
  if (!matched.length) return false;
  form.setFields(matched.map((name) => ({ name, errors: [errorMessage(error)] })));
  return true;
}
