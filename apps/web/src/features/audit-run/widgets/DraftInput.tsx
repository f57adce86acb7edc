import { useState, type KeyboardEvent } from 'react';
import { Input } from 'antd';
import { AutoSizeTextArea } from './AutoSizeTextArea';

interface TProps {
  value: string;
  onSave: (value: string) => void;
  disabled?: boolean;
  multiline?: boolean;
  placeholder?: string;
  /** An error text keeps the draft unsaved and marks the input. */
  validate?: (draft: string) => string | null;
  /** Restricts what can be typed (e.g. decimals). */
  accept?: (draft: string) => boolean;
  inputMode?: 'decimal' | 'text' | 'email' | 'tel';
  id?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  status?: 'error' | 'warning';
  className?: string;
}

/**
 * Text that saves on Enter or blur, only when changed and valid (product document, section 5).
 * Escape puts back the saved value. A new value from outside replaces the draft.
 */
export function DraftInput({ value, onSave, validate, accept, multiline, status, ...rest }: TProps) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }
  const error = draft !== value && validate ? validate(draft) : null;
  const commit = () => {
    if (draft !== value && !(validate && validate(draft))) onSave(draft);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') setDraft(value);
    if (event.key === 'Enter' && !multiline) commit();
  };
  const common = {
    ...rest,
    value: draft,
    status: error ? ('error' as const) : status,
    onBlur: commit,
    onKeyDown,
    onChange: (e: { target: { value: string } }) => (!accept || accept(e.target.value)) && setDraft(e.target.value),
  };
  return (
    <div className="run-draft">
      {multiline ? <AutoSizeTextArea minRows={2} maxRows={10} {...common} /> : <Input {...common} />}
      {error && (
        <div className="run-draft-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
