import { Button, Flex, Form, Input, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PHONE_TYPES } from '@audit/domain/constants';
import { isValidPhone } from '@audit/domain/validators';

/** Phones as a list of type and number ('+' then 7 to 15 digits). */
export function PhonesField() {
  const { t } = useTranslation();
  const types = PHONE_TYPES.map((type) => ({ value: type, label: t(`clients.phoneType.${type}`) }));
  return (
    <Form.Item label={t('clients.fields.phones')} style={{ marginBottom: 8 }}>
      <Form.List name="phones">
        {(fields, { add, remove }) => (
          <Flex vertical gap={8}>
            {fields.map((field) => (
              <Flex key={field.key} gap={8} align="start" wrap={false}>
                <Form.Item name={[field.name, 'type']} noStyle initialValue="mobile">
                  <Select options={types} style={{ width: 130, flex: 'none' }} aria-label={t('clients.form.phoneType')} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'phone']}
                  style={{ flex: '1 1 auto', marginBottom: 0, maxWidth: 320 }}
                  normalize={(v?: string) => v?.replace(/[\s-]/g, '')}
                  rules={[{ validator: (_r, v?: string) => (!v || isValidPhone(v) ? Promise.resolve() : Promise.reject(new Error(t('form.invalidPhone')))) }]}
                >
                  <Input placeholder="+34600000000" inputMode="tel" aria-label={t('clients.form.phoneNumber')} />
                </Form.Item>
                <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={t('clients.form.removePhone')} />
              </Flex>
            ))}
            <div>
              <Button icon={<PlusOutlined />} onClick={() => add({ type: 'mobile', phone: '' })} data-testid="add-phone">
                {t('clients.form.addPhone')}
              </Button>
            </div>
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}
