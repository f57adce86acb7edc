import type { TAuditField } from '@audit/domain/audits';
import { invalidEmails } from '@audit/domain/templates';
import { isValidPhone } from '@audit/domain/validators';
import { BOUNDS, fieldBound } from '@audit/domain/bounds';
import { parseDecimal } from '../decimal';
import { ContactsEditor } from './ContactsEditor';
import { DateAnswer } from './DateAnswer';
import { DecimalInput } from './DecimalInput';
import { DraftInput } from './DraftInput';
import { t } from '../runI18n';

const LONG_TEXT = ['objective', 'evolution', 'summary', 'paragraph'];
const NUMBERS = ['number', 'pools_reported', 'pools_audited', 'pools_not_audited'];

interface TProps {
  field: TAuditField;
  disabled: boolean;
  onSave: (value: string | null) => void;
  id: string;
}

/** The input of one cover or contact field, by type; every kind saves on Enter, blur or pick. */
export function FieldInput({ field, disabled, onSave, id }: TProps) {
  const value = field.value ?? '';
  const save = (text: string | null) => onSave(text?.trim() ? text.trim() : null);
  if (field.type === 'audit_date' || field.type === 'date')
    return <DateAnswer id={id} range={field.type === 'audit_date'} value={field.value} disabled={disabled} onChange={save} />;
  if (field.type === 'contact_information') return <ContactsEditor value={field.value} disabled={disabled} onSave={onSave} label={field.label} />;
  if (NUMBERS.includes(field.type)) {
    const n = parseDecimal(value);
    return (
      <DecimalInput
        id={id}
        value={n !== null && !Number.isNaN(n) ? n : null}
        bound={fieldBound(field.type) ?? BOUNDS.numberAnswer}
        disabled={disabled}
        onSave={(v) => save(v === null ? null : String(v))}
      />
    );
  }
  const validate = (draft: string) => {
    if (!draft.trim()) return field.required ? t('form.required') : null;
    if (field.type === 'email') return invalidEmails(draft).length ? t('form.invalidEmail') : null;
    if (field.type === 'phone') return isValidPhone(draft.trim()) ? null : t('form.invalidPhone');
    return null;
  };
  const inputMode = field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : 'text';
  return (
    <DraftInput id={id} value={value} multiline={LONG_TEXT.includes(field.type)} disabled={disabled} validate={validate} inputMode={inputMode} onSave={save} />
  );
}
