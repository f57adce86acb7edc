import { Button, Checkbox, ColorPicker, Flex, Form, Input, Switch, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { maxSelectScore, TEMPLATE_NAME_MAX } from '@audit/domain/templates';
import type { TQuestionInput } from './sectionsApi';
import { BOUNDS } from '@audit/domain/bounds';
import { lengthCount, maxLengthRule, NumberField, numberRules } from '../../ui/NumberField';

const NEW_OPTION = { label: '', color: '#52c41a', score: 0, failed: false };

/** A select question's configuration: multiselect and scoring switches, options (label, colour, score, failed). */
export function SelectOptionsEditor({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<TQuestionInput>();
  const select = Form.useWatch('select', form);
  const scoring = select?.scoring ?? true;
  const max = maxSelectScore({ multiselect: Boolean(select?.multiselect), options: (select?.options ?? []).map((o) => ({ score: Number(o?.score) || 0 })) });
  return (
    <Flex vertical gap={8}>
      <Flex gap={24} wrap>
        <Form.Item name={['select', 'multiselect']} valuePropName="checked" label={t('templates.select.multiselect')} style={{ marginBottom: 0 }}>
          <Switch disabled={disabled} />
        </Form.Item>
        <Form.Item name={['select', 'scoring']} valuePropName="checked" label={t('templates.select.scoring')} style={{ marginBottom: 0 }}>
          <Switch disabled={disabled} />
        </Form.Item>
      </Flex>
      <Typography.Text strong>{t('templates.select.options')}</Typography.Text>
      <Form.List
        name={['select', 'options']}
        rules={[{ validator: async (_, list: unknown[]) => (!list?.length ? Promise.reject(new Error(t('templates.select.needOptions'))) : undefined) }]}
      >
        {(fields, { add, remove, move }, { errors }) => (
          <Flex vertical gap={6}>
            {fields.length > 0 && (
              <Flex gap={8} className="options-head">
                <span style={{ flex: '1 1 160px' }}>{t('templates.select.label')}</span>
                <span style={{ width: 48 }}>{t('templates.select.color')}</span>
                {scoring && <span style={{ width: 90 }}>{t('templates.select.score')}</span>}
                <span style={{ width: 80 }}>{t('templates.select.failed')}</span>
                {!disabled && <span style={{ width: 96 }} />}
              </Flex>
            )}
            {fields.map((field, index) => (
              <Flex key={field.key} gap={8} align="flex-start" data-testid="select-option">
                <Form.Item
                  name={[field.name, 'label']}
                  rules={[{ required: true, whitespace: true, message: t('form.required') }, maxLengthRule(TEMPLATE_NAME_MAX)]}
                  style={{ flex: '1 1 160px', marginBottom: 0 }}
                >
                  <Input count={lengthCount(TEMPLATE_NAME_MAX)} disabled={disabled} aria-label={t('templates.select.labelOf', { n: index + 1 })} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'color']}
                  getValueFromEvent={(color: { toHexString: () => string }) => color.toHexString()}
                  style={{ width: 48, marginBottom: 0 }}
                >
                  <ColorPicker
                    disabledAlpha
                    disabled={disabled}
                    presets={[{ label: t('templates.select.color'), colors: ['#52c41a', '#faad14', '#fa8c16', '#f5222d', '#1677ff', '#8c8c8c'] }]}
                    aria-label={t('templates.select.colorOf', { n: index + 1 })}
                  />
                </Form.Item>
                {scoring && (
                  <Form.Item name={[field.name, 'score']} rules={numberRules(BOUNDS.optionScore, { required: true })} style={{ width: 90, marginBottom: 0 }}>
                    <NumberField style={{ width: '100%' }} disabled={disabled} aria-label={t('templates.select.scoreOf', { n: index + 1 })} />
                  </Form.Item>
                )}
                <Form.Item name={[field.name, 'failed']} valuePropName="checked" style={{ width: 80, marginBottom: 0, paddingTop: 5 }}>
                  <Checkbox disabled={disabled} aria-label={t('templates.select.failedOf', { n: index + 1 })} />
                </Form.Item>
                {!disabled && (
                  <Flex style={{ width: 96 }}>
                    <Button
                      type="text"
                      size="small"
                      icon={<ArrowUpOutlined />}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                      aria-label={t('templates.moveUp')}
                    />
                    <Button
                      type="text"
                      size="small"
                      icon={<ArrowDownOutlined />}
                      disabled={index === fields.length - 1}
                      onClick={() => move(index, index + 1)}
                      aria-label={t('templates.moveDown')}
                    />
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => remove(index)}
                      aria-label={t('templates.select.removeOf', { n: index + 1 })}
                    />
                  </Flex>
                )}
              </Flex>
            ))}
            <Form.ErrorList errors={errors} />
            {!disabled && (
              <Button icon={<PlusOutlined />} onClick={() => add(NEW_OPTION)} style={{ alignSelf: 'flex-start' }} data-testid="add-option">
                {t('templates.select.addOption')}
              </Button>
            )}
            {scoring && <Typography.Text type="secondary">{t('templates.select.maxScore', { score: max })}</Typography.Text>}
          </Flex>
        )}
      </Form.List>
    </Flex>
  );
}
