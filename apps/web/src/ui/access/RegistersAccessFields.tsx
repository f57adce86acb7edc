import { categoryCalls } from '@audit/domain/calls/categories';
import { send, sendPage } from '../../api/send';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Form, Row, Select, Tooltip, TreeSelect, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TCategoryTree } from '@audit/domain/categories';
import { AREA_ACCESSES, ZRegisterOut } from '@audit/domain/registers';
import type { TRegistersAccessEntry } from '@audit/domain/users';
import { registerCalls } from '@audit/domain/calls/registers';
import { ACCESS_OPTIONS_KEY } from './accessOptionsKey';

/** The keys the server projects for this select. */
const OPTION = ZRegisterOut.pick({ _id: true, name: true, areaAccess: true, category: true, client: true });

/** The registersAccess select's options: every register the caller sees (name, area access, category). */
const useRegisterOptions = () =>
  useQuery({
    queryKey: [...ACCESS_OPTIONS_KEY, 'registers-access-options'],
    queryFn: async () => (await sendPage(registerCalls.searchForUsersAccess, { page: 0, size: 1000, sort: 'name' })).items.map((r) => OPTION.parse(r)),
  });
const useRegisterCategories = () =>
  useQuery({
    queryKey: [...ACCESS_OPTIONS_KEY, 'register-categories'],
    queryFn: () => send(categoryCalls.tree, { body: { size: 1000, page: 0, type: 'REGISTER' } }),
  });
interface TTreeNode {
  value: string;
  title: string;
  children?: TTreeNode[];
}
const toTree = (nodes: TCategoryTree[]): TTreeNode[] =>
  nodes.map((n) => ({ value: n._id, title: n.name, children: n.children?.length ? toTree(n.children) : undefined }));

/**
 * The user form's registers access (decision 0035): entries of an area access, optionally one REGISTER
 * category and some registers of that area (and category). No entry: the user sees every register.
 */
export function RegistersAccessFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const entries = Form.useWatch('registersAccess', form) as Partial<TRegistersAccessEntry>[] | undefined;
  const registers = useRegisterOptions();
  const categories = useRegisterCategories();
  const optionsFor = (entry?: Partial<TRegistersAccessEntry>) =>
    (registers.data ?? [])
      .filter((r) => r.areaAccess === entry?.areaAccess && (!entry?.category || r.category?._id === entry.category))
      .map((r) => ({ value: r._id, label: `${r.name} · ${r.client.name}` }));
  return (
    <Flex vertical gap={8} data-testid="registers-access">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('registersAccess.hint')}
      </Typography.Paragraph>
      <Form.List name="registersAccess">
        {(fields, { add, remove }) => (
          <Flex vertical gap={8}>
            {fields.map((field, index) => (
              <Card size="small" key={field.key} data-testid="registers-access-entry">
                <Row gutter={12} align="top">
                  <Col xs={24} md={6}>
                    <Form.Item
                      name={[field.name, 'areaAccess']}
                      label={t('registersAccess.areaAccess')}
                      rules={[{ required: true, message: t('form.required') }]}
                    >
                      <Select
                        aria-label={t('registersAccess.areaAccessOf', { n: index + 1 })}
                        options={AREA_ACCESSES.map((a) => ({ value: a, label: t(`registersAccess.area.${a}`) }))}
                        onChange={() => form.setFieldValue(['registersAccess', field.name, 'registers'], [])}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={7}>
                    <Form.Item name={[field.name, 'category']} label={t('registersAccess.category')}>
                      <TreeSelect
                        allowClear
                        treeDefaultExpandAll
                        aria-label={t('registersAccess.categoryOf', { n: index + 1 })}
                        loading={categories.isPending}
                        treeData={toTree(categories.data ?? [])}
                        placeholder={t('registersAccess.anyCategory')}
                        onChange={() => form.setFieldValue(['registersAccess', field.name, 'registers'], [])}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={20} md={10}>
                    <Form.Item name={[field.name, 'registers']} label={t('registersAccess.registers')}>
                      <Select
                        mode="multiple"
                        optionFilterProp="label"
                        aria-label={t('registersAccess.registersOf', { n: index + 1 })}
                        loading={registers.isPending}
                        disabled={!entries?.[index]?.areaAccess}
                        placeholder={t('registersAccess.allRegisters')}
                        options={optionsFor(entries?.[index])}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={4} md={1} style={{ paddingTop: 30 }}>
                    <Tooltip title={t('common.delete')}>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('registersAccess.removeOf', { n: index + 1 })}
                        onClick={() => remove(field.name)}
                      />
                    </Tooltip>
                  </Col>
                </Row>
              </Card>
            ))}
            <div>
              <Button icon={<PlusOutlined />} onClick={() => add({ areaAccess: undefined, category: null, registers: [] })} data-testid="registers-access-add">
                {t('registersAccess.add')}
              </Button>
            </div>
          </Flex>
        )}
      </Form.List>
    </Flex>
  );
}

/** The entries as the server takes them (no empty category or register list). */
export const toRegistersAccess = (entries?: Partial<TRegistersAccessEntry>[]): TRegistersAccessEntry[] =>
  (entries ?? [])
    .filter((e): e is TRegistersAccessEntry => Boolean(e.areaAccess))
    .map((e) => ({ areaAccess: e.areaAccess, ...(e.category ? { category: e.category } : {}), ...(e.registers?.length ? { registers: e.registers } : {}) }));
