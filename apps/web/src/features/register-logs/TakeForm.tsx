import { Card, Checkbox, Flex, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TRegisterItemOut } from '@audit/domain/registers';
import { limitsOf, typedOutOfRange } from './logFormat';

/** What is typed for one facility: text per param (comma decimals kept as typed), or completed by hand with a reason. */
export interface TFacilityDraft {
  values: Record<string, string>;
  completed: boolean;
  reason: string;
}
export const emptyDraft = (): TFacilityDraft => ({ values: {}, completed: false, reason: '' });

interface TProps {
  facilities: { _id: string; name: string }[];
  params: TRegisterItemOut[];
  fields: TRegisterItemOut[];
  drafts: Record<string, TFacilityDraft>;
  onDraft: (facility: string, draft: TFacilityDraft) => void;
  fieldValues: Record<string, string>;
  onField: (field: string, value: string) => void;
  manualCompletion: boolean;
}

/** One param's input: a select for options, a decimal text field for numbers (with its limits and the out-of-range mark at once). */
function ParamInput({ param, value, onChange, label }: { param: TRegisterItemOut; value: string; onChange: (v: string) => void; label: string }) {
  const { t, i18n } = useTranslation();
  const out = typedOutOfRange(param, value);
  if (param.fieldType === 'select') {
    const options = (param.selectOption ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean);
    return (
      <Select
        aria-label={label}
        value={value || undefined}
        allowClear
        style={{ width: '100%' }}
        options={options.map((o) => ({ value: o, label: o }))}
        onChange={(v?: string) => onChange(v ?? '')}
      />
    );
  }
  const numeric = param.fieldType === 'number' || param.fieldType === 'counter';
  const limits = limitsOf(param, i18n.language);
  const hint = param.fieldType === 'number' && limits.operation !== 'noFormat' ? t(`registerLogs.limits.${limits.operation}`, limits) : null;
  return (
    <div>
      <Input
        aria-label={label}
        inputMode={numeric ? 'decimal' : undefined}
        autoComplete="off"
        status={out ? 'error' : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={out === true}
      />
      {hint && (
        <Typography.Text type={out ? 'danger' : 'secondary'} className="register-log-hint" role={out ? 'alert' : undefined}>
          {out ? t('registerLogs.outOfRangeNow', { limits: hint }) : hint}
        </Typography.Text>
      )}
    </div>
  );
}

/** The values of the chosen take, a block per chosen facility, and the sheet's fields once. */
export function TakeForm({ facilities, params, fields, drafts, onDraft, fieldValues, onField, manualCompletion }: TProps) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12}>
      {facilities.map((f) => {
        const draft = drafts[f._id] ?? emptyDraft();
        return (
          <Card key={f._id} size="small" title={f.name} data-testid={`take-form-${f._id}`}>
            <Flex vertical gap={8}>
              {!draft.completed &&
                params.map((p) => (
                  <label key={p._id} className="register-log-param">
                    <span>{p.name}</span>
                    <ParamInput
                      param={p}
                      label={t('registerLogs.valueOf', { param: p.name, facility: f.name })}
                      value={draft.values[p._id] ?? ''}
                      onChange={(v) => onDraft(f._id, { ...draft, values: { ...draft.values, [p._id]: v } })}
                    />
                  </label>
                ))}
              {manualCompletion && (
                <Checkbox checked={draft.completed} onChange={(e) => onDraft(f._id, { ...draft, completed: e.target.checked })}>
                  {t('registerLogs.completeByHand')}
                </Checkbox>
              )}
              {draft.completed && (
                <Input
                  aria-label={t('registerLogs.reason')}
                  placeholder={t('registerLogs.reason')}
                  maxLength={500}
                  value={draft.reason}
                  onChange={(e) => onDraft(f._id, { ...draft, reason: e.target.value })}
                />
              )}
            </Flex>
          </Card>
        );
      })}
      {fields.length > 0 && (
        <Card size="small" title={t('registerLogs.sheetFields')}>
          <Flex vertical gap={8}>
            {fields.map((field) => (
              <label key={field._id} className="register-log-param">
                <span>{field.name}</span>
                <Input aria-label={field.name} maxLength={500} value={fieldValues[field._id] ?? ''} onChange={(e) => onField(field._id, e.target.value)} />
              </label>
            ))}
          </Flex>
        </Card>
      )}
    </Flex>
  );
}
