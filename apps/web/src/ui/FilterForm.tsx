import type { ReactNode } from 'react';
import { Button, Flex, Form, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { MonthRangePicker } from './DateRangeFilter';

interface TFilterFormProps<V> {
  /** The filters applied now, as the form's fields hold them. */
  initialValues: Partial<V>;
  onApply: (values: V) => void;
  /** Reset: the fields are emptied and the list shows everything again. */
  onReset: () => void;
  /** The caller's form instance, when its fields depend on each other (Form.useWatch). */
  form?: FormInstance<V>;
  /** Called as fields change: e.g. a new client clears its establishment and area. */
  onValuesChange?: (changed: Partial<V>) => void;
  children: ReactNode;
}

const clear = (form: FormInstance) => form.setFieldsValue(Object.fromEntries(Object.keys(form.getFieldsValue(true)).map((name) => [name, undefined])));

/** A list's filters (in ListPage's filters drawer): the fields, then Reset and Apply. */
export function FilterForm<V extends object>({ initialValues, onApply, onReset, form: given, onValuesChange, children }: TFilterFormProps<V>) {
  const { t } = useTranslation();
  // The caller's instance when given (useForm returns it), else one of its own.
  const [form] = Form.useForm<V>(given);
  return (
    <Form form={form} layout="vertical" initialValues={initialValues} onFinish={onApply} onValuesChange={onValuesChange}>
      {children}
      <Flex gap={8} justify="end">
        <Button
          onClick={() => {
            clear(form);
            onReset();
          }}
        >
          {t('list.resetFilters')}
        </Button>
        <Button type="primary" htmlType="submit">
          {t('list.applyFilters')}
        </Button>
      </Flex>
    </Form>
  );
}

/** A month range filter (from month, to month), as wide as the drawer. */
export function MonthRangeItem({ name, label }: { name: string; label: string }) {
  return (
    <Form.Item name={name} label={label}>
      <MonthRangePicker />
    </Form.Item>
  );
}
