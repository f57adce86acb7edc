import { useState, type KeyboardEvent } from 'react';
import { Button, Input } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { parseContacts } from '@audit/domain/audits';
import { isValidEmail } from '@audit/domain/validators';
import { t } from '../runI18n';

type TContact = { name: string; email: string };
interface TProps {
  value: string | null;
  disabled: boolean;
  onSave: (value: string | null) => void;
  label: string;
}

const serialise = (rows: TContact[]) => (rows.length ? JSON.stringify(rows.map((r) => ({ name: r.name.trim(), email: r.email.trim() }))) : null);
const rowErrors = (row: TContact) => ({
  name: !row.name.trim() ? 'form.required' : null,
  email: !row.email.trim() ? 'form.required' : !isValidEmail(row.email.trim()) ? 'form.invalidEmail' : null,
});

/**
 * Contact list kept as a JSON string of {name, email}: name and a valid e-mail are required
 * (product document, section 5). Saved on Enter or blur once every row is valid and something changed.
 */
export function ContactsEditor({ value, disabled, onSave, label }: TProps) {
  const [rows, setRows] = useState<TContact[]>(() => parseContacts(value));
  const [shown, setShown] = useState(value);
  const [touched, setTouched] = useState(false);
  if (value !== shown) {
    setShown(value);
    setRows(parseContacts(value));
  }
  const commit = (next = rows) => {
    setTouched(true);
    const json = serialise(next);
    if (next.every((r) => !rowErrors(r).name && !rowErrors(r).email) && json !== (value?.trim() ? serialise(parseContacts(value)) : null)) onSave(json);
  };
  const edit = (i: number, patch: Partial<TContact>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const remove = (i: number) => {
    const next = rows.filter((_, j) => j !== i);
    setRows(next);
    commit(next);
  };
  const keys = { onBlur: () => commit(), onKeyDown: (e: KeyboardEvent) => e.key === 'Enter' && commit() };
  return (
    <div className="run-contacts" role="group" aria-label={label}>
      {rows.map((row, i) => {
        const errors = touched ? rowErrors(row) : { name: null, email: null };
        return (
          <div key={i} className="run-contact-row">
            <div className="run-draft">
              <Input
                value={row.name}
                placeholder={t('auditRun.contact.name')}
                aria-label={`${t('auditRun.contact.name')} ${i + 1}`}
                disabled={disabled}
                status={errors.name ? 'error' : undefined}
                onChange={(e) => edit(i, { name: e.target.value })}
                {...keys}
              />
              {errors.name && (
                <div className="run-draft-error" role="alert">
                  {t(errors.name)}
                </div>
              )}
            </div>
            <div className="run-draft">
              <Input
                value={row.email}
                type="email"
                inputMode="email"
                placeholder={t('auditRun.contact.email')}
                aria-label={`${t('auditRun.contact.email')} ${i + 1}`}
                disabled={disabled}
                status={errors.email ? 'error' : undefined}
                onChange={(e) => edit(i, { email: e.target.value })}
                {...keys}
              />
              {errors.email && (
                <div className="run-draft-error" role="alert">
                  {t(errors.email)}
                </div>
              )}
            </div>
            {!disabled && (
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('auditRun.contact.remove', { n: i + 1 })} onClick={() => remove(i)} />
            )}
          </div>
        );
      })}
      {!rows.length && disabled && <span className="run-muted">{t('auditRun.contact.none')}</span>}
      {!disabled && (
        <Button icon={<PlusOutlined />} onClick={() => setRows([...rows, { name: '', email: '' }])}>
          {t('auditRun.contact.add')}
        </Button>
      )}
    </div>
  );
}
