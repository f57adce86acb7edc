import { WarningFilled } from '@ant-design/icons';
import { formatDecimal, isDecimalDraft, parseDecimal } from '../decimal';
import { DraftInput } from './DraftInput';
import { language, t } from '../runI18n';

interface TProps {
  value: number | null;
  disabled: boolean;
  onSave: (value: number | null) => void;
  compliant?: (value: number) => boolean;
  'aria-label'?: string;
  id?: string;
}

/** A decimal typed with a comma or a point, saved on Enter or blur; out-of-range values are flagged when `compliant` is given. */
export function DecimalInput({ value, disabled, onSave, compliant, ...rest }: TProps) {
  const outOfRange = value !== null && compliant ? !compliant(value) : false;
  return (
    <div className="run-reading-input">
      <DraftInput
        {...rest}
        value={formatDecimal(value, language())}
        disabled={disabled}
        inputMode="decimal"
        accept={isDecimalDraft}
        validate={(draft) => (Number.isNaN(parseDecimal(draft)) ? t('auditRun.invalidNumber') : null)}
        onSave={(draft) => onSave(parseDecimal(draft))}
        status={outOfRange ? 'warning' : undefined}
      />
      {outOfRange && (
        <span className="run-out-of-range" title={t('auditRun.reading.outOfRange')}>
          <WarningFilled aria-hidden /> {t('auditRun.reading.outOfRange')}
        </span>
      )}
    </div>
  );
}
