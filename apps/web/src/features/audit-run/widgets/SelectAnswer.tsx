import { nextSelection, type TAuditQuestion } from '@audit/domain/audits';
import { optionColor } from '@audit/domain/answer-score';
import type { CSSProperties, KeyboardEvent } from 'react';

/** Black or white text, whichever reads better on the option's colour. */
function textOn(hex: string) {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 160 ? '#1f2a30' : '#ffffff';
}

interface TProps {
  question: TAuditQuestion;
  disabled: boolean;
  onChange: (selected: string[]) => void;
}

/** Arrow keys move between the options (Enter or Space chooses), as in a radio group. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  if (!step) return;
  const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)'));
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  event.preventDefault();
  buttons[(at + step + buttons.length) % buttons.length]!.focus();
}

/**
 * Option buttons in the colours of their meaning (optionColor: failed red; plain buttons: an audit shows hundreds of them). Single select
 * replaces the choice, multiselect toggles it (nextSelection).
 */
export function SelectAnswer({ question, disabled, onChange }: TProps) {
  const config = question.select;
  if (!config) return null;
  const answer = question.answer?.templateAnswer;
  const selected = answer?.type === 'select' ? answer.select : [];
  return (
    <div className="run-options" role={config.multiselect ? 'group' : 'radiogroup'} aria-label={question.name} onKeyDown={moveFocus}>
      {config.options.map((option) => {
        const on = selected.includes(option._id);
        const color = optionColor(option);
        const style = { '--option-color': color, '--option-text': textOn(color) } as CSSProperties;
        return (
          <button
            key={option._id}
            type="button"
            className={on ? 'run-option is-on' : 'run-option'}
            style={style}
            role={config.multiselect ? undefined : 'radio'}
            aria-pressed={config.multiselect ? on : undefined}
            aria-checked={config.multiselect ? undefined : on}
            disabled={disabled}
            onClick={() => onChange(nextSelection(config, selected, option._id))}
          >
            <span className="run-option-dot" aria-hidden />
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
