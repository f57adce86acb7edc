import { Button, Flex, Form, Input, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { readingBound } from '@audit/domain/bounds';
import { MEASURE_UNITS, OPERATIONS, READING_BETWEEN_DEFAULT, READING_KEY_PATTERN, readingDefaultRange, TEMPLATE_NAME_MAX } from '@audit/domain/templates';
import { lengthCount, maxLengthRule, NumberField, numberRules } from '../../ui/NumberField';
import { useViewport } from '../../ui/useViewport';
import type { TQuestionInput } from './sectionsApi';

type TReading = NonNullable<TQuestionInput['readingRegistry']>['options'][number];
const NEW_READING: TReading = { key: '', label: '', measure: 'celsius', operation: 'between', ...readingDefaultRange('celsius') };

/** Column widths, shared by the header row and the inputs so they line up (one line in the 760 px drawer). */
const W = { key: 90, label: '1 1 110px', measure: 136, operation: 118, min: 80, max: 80, actions: 32 } as const;

/** Which bounds an operation uses: between both, greaterThan/equal the minimum, lessThan the maximum. */
const usesMin = (op?: string) => op === 'between' || op === 'greaterThan' || op === 'equal';
const usesMax = (op?: string) => op === 'between' || op === 'lessThan';

/** A reading-registry question: its readings (key, label, unit, operation, min/max) and its places. */
export function ReadingRegistryEditor({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<TQuestionInput>();
  const readings = Form.useWatch(['readingRegistry', 'options'], form) as TReading[] | undefined;
  const { isMobile } = useViewport();
  const required = { required: true, message: t('form.required') };
  // Filled inputs lose their placeholder: a header row names the columns; on a phone, where the row
  // wraps, each input carries its own small label instead.
  const label = (text: string) => (isMobile ? text : undefined);
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>{t('templates.reading.options')}</Typography.Text>
      <Form.List name={['readingRegistry', 'options']}>
        {(fields, { add, remove }) => (
          <Flex vertical gap={6}>
            {fields.length > 0 && !isMobile && (
              <Flex gap={8} className="options-head">
                <span style={{ width: W.key }}>{t('templates.reading.key')}</span>
                <span style={{ flex: W.label }}>{t('templates.reading.label')}</span>
                <span style={{ width: W.measure }}>{t('templates.reading.measure')}</span>
                <span style={{ width: W.operation }}>{t('templates.reading.operation')}</span>
                <span style={{ width: W.min }}>{t('templates.reading.min')}</span>
                <span style={{ width: W.max }}>{t('templates.reading.max')}</span>
                {!disabled && <span style={{ width: W.actions }} />}
              </Flex>
            )}
            {fields.map((field, index) => {
              const op = readings?.[index]?.operation;
              // Limits within what the unit can measure (decision 0026): the server refuses the same.
              const unit = readingBound(readings?.[index]?.measure);
              return (
                <Flex key={field.key} gap={8} wrap align="flex-start" className="reading-row" data-testid="reading-option">
                  <Form.Item
                    name={[field.name, 'key']}
                    label={label(t('templates.reading.key'))}
                    rules={[{ pattern: READING_KEY_PATTERN, message: t('templates.reading.badKey') }]}
                    style={{ width: W.key, marginBottom: 0 }}
                  >
                    <Input placeholder={t('templates.reading.key')} disabled={disabled} aria-label={t('templates.reading.keyOf', { n: index + 1 })} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'label']}
                    label={label(t('templates.reading.label'))}
                    rules={[{ ...required, whitespace: true }, maxLengthRule(TEMPLATE_NAME_MAX)]}
                    style={{ flex: W.label, marginBottom: 0 }}
                  >
                    <Input
                      count={lengthCount(TEMPLATE_NAME_MAX)}
                      placeholder={t('templates.reading.label')}
                      disabled={disabled}
                      aria-label={t('templates.reading.labelOf', { n: index + 1 })}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'measure']}
                    label={label(t('templates.reading.measure'))}
                    rules={[required]}
                    style={{ width: W.measure, marginBottom: 0 }}
                  >
                    <Select
                      disabled={disabled}
                      aria-label={t('templates.reading.measureOf', { n: index + 1 })}
                      options={MEASURE_UNITS.map((m) => ({ value: m, label: t(`templates.measure.${m}`) }))}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'operation']} label={label(t('templates.reading.operation'))} style={{ width: W.operation, marginBottom: 0 }}>
                    <Select
                      disabled={disabled}
                      aria-label={t('templates.reading.operationOf', { n: index + 1 })}
                      options={OPERATIONS.map((o) => ({ value: o, label: t(`templates.operation.${o}`) }))}
                      onChange={(next: string) => {
                        // A between reading without bounds accepts 0 to 999999 (calls document, section 9).
                        if (next === 'between' && readings?.[index]?.minValue == null && readings?.[index]?.maxValue == null) {
                          const range = readingDefaultRange(readings?.[index]?.measure ?? 'others');
                          form.setFieldValue(['readingRegistry', 'options', field.name, 'minValue'], range.minValue);
                          form.setFieldValue(['readingRegistry', 'options', field.name, 'maxValue'], range.maxValue);
                        }
                      }}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'minValue']}
                    label={label(t('templates.reading.min'))}
                    dependencies={[['readingRegistry', 'options', field.name, 'measure']]}
                    rules={[...(usesMin(op) && op !== 'between' ? [required] : []), ...numberRules(unit)]}
                    style={{ width: W.min, marginBottom: 0 }}
                  >
                    <NumberField
                      style={{ width: '100%' }}
                      placeholder={t('templates.reading.min')}
                      disabled={disabled || !usesMin(op)}
                      aria-label={t('templates.reading.minOf', { n: index + 1 })}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'maxValue']}
                    label={label(t('templates.reading.max'))}
                    dependencies={[
                      ['readingRegistry', 'options', field.name, 'minValue'],
                      ['readingRegistry', 'options', field.name, 'measure'],
                    ]}
                    rules={[
                      ...(op === 'lessThan' ? [required] : []),
                      ...numberRules(unit),
                      {
                        validator: async (_, max: number | null) => {
                          const min = form.getFieldValue(['readingRegistry', 'options', field.name, 'minValue']) as number | null;
                          if (op === 'between' && (min ?? READING_BETWEEN_DEFAULT.minValue) > (max ?? READING_BETWEEN_DEFAULT.maxValue))
                            throw new Error(t('templates.reading.minOverMax'));
                        },
                      },
                    ]}
                    style={{ width: W.max, marginBottom: 0 }}
                  >
                    <NumberField
                      style={{ width: '100%' }}
                      placeholder={t('templates.reading.max')}
                      disabled={disabled || !usesMax(op)}
                      aria-label={t('templates.reading.maxOf', { n: index + 1 })}
                    />
                  </Form.Item>
                  {!disabled && (
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => remove(index)}
                      aria-label={t('templates.reading.removeOf', { n: index + 1 })}
                    />
                  )}
                </Flex>
              );
            })}
            {!disabled && (
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ ...NEW_READING, key: `r${fields.length + 1}` })}
                style={{ alignSelf: 'flex-start' }}
                data-testid="add-reading"
              >
                {t('templates.reading.add')}
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
      <Typography.Text strong style={{ marginTop: 8 }}>
        {t('templates.reading.places')}
      </Typography.Text>
      <Form.List name={['readingRegistry', 'placesMeasure']}>
        {(fields, { add, remove }) => (
          <Flex vertical gap={6}>
            {fields.map((field, index) => (
              <Flex key={field.key} gap={8} align="flex-start" data-testid="reading-place">
                <Form.Item
                  name={[field.name, 'place']}
                  rules={[{ ...required, whitespace: true }, maxLengthRule(TEMPLATE_NAME_MAX)]}
                  style={{ flex: 1, marginBottom: 0 }}
                >
                  <Input
                    count={lengthCount(TEMPLATE_NAME_MAX)}
                    placeholder={t('templates.reading.place')}
                    disabled={disabled}
                    aria-label={t('templates.reading.placeOf', { n: index + 1 })}
                  />
                </Form.Item>
                {!disabled && (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => remove(index)}
                    aria-label={t('templates.reading.removePlaceOf', { n: index + 1 })}
                  />
                )}
              </Flex>
            ))}
            {!disabled && (
              <Button icon={<PlusOutlined />} onClick={() => add({ place: '' })} style={{ alignSelf: 'flex-start' }} data-testid="add-place">
                {t('templates.reading.addPlace')}
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
    </Flex>
  );
}
