import { WarningFilled } from '@ant-design/icons';
import { boundProblem, formatBound, type TBound } from '@audit/domain/bounds';
import { formatDecimal, parseDecimal } from '../decimal';
import { DraftInput } from './DraftInput';
import { language, t } from '../runI18n';

interface TProps {
  value: number | null;
  disabled: boolean;
  onSave: (value: number | null) => void;
  compliant?: (value: number) => boolean;
  /** What the server accepts (decision 0026): beyond it the draft stays unsaved with the reason. */
  bound: TBound;
  'aria-label'?: string;
  id?: string;
}

/** A decimal typed with a comma or a point, saved on Enter or blur; out-of-range values are flagged when `compliant` is given. */
export function DecimalInput({ value, disabled, onSave, compliant, bound, ...rest }: TProps) {
  const outOfRange = value !== null && compliant ? !compliant(value) : false;
  return (
    <div className="run-reading-input">
      <DraftInput
        {...rest}
        value={formatDecimal(value, language())}
        disabled={disabled}
        inputMode="decimal"
        validate={(draft) => problemOf(draft, bound)}
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

/** Why a typed number cannot be saved: not a number ("1e9" included), beyond the bound, too many decimals. */
function problemOf(draft: string, bound: TBound): string | null {
  const n = parseDecimal(draft);
  if (n === null) return null;
  if (Number.isNaN(n)) return t('form.numberInvalid');
  const problem = boundProblem(n, bound);
  const { min, max } = formatBound(bound, language());
  if (problem === 'tooSmall') return t('form.numberTooSmall', { min });
  if (problem === 'tooLarge') return t('form.numberTooLarge', { max });
  if (problem === 'decimals') return bound.decimals === 0 ? t('form.numberInteger') : t('form.numberDecimals', { count: bound.decimals });
  return null;
}
