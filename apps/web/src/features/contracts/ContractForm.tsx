import { useEffect } from 'react';
import { Button, Col, DatePicker, Drawer, Flex, Form, Input, Row, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { IVA_GROUPS, type TIvaGroup } from '@audit/domain/constants';
import { CONTRACT_BOUNDS, CONTRACT_LIMITS, type TServiceContractInput } from '@audit/domain/contracts/schemas';
import { contractTotals, toCents } from '@audit/domain/contracts/totals';
import { notifyError } from '../../ui/feedback';
import { applyFieldErrors } from '../../ui/formErrors';
import { lengthCount, maxLengthRule, NumberField, numberRules } from '../../ui/NumberField';
import { PageSkeleton } from '../../ui/PageStates';
import { useViewport } from '../../ui/useViewport';
import { ContractTotals } from './ContractTotals';
import { useClientOptions, useCreateContract, useServiceOptions, useUpdateContract, type TContract } from './contractsApi';

interface TLineValues {
  service?: string;
  quantity?: number | null;
  unitPrice?: number | null;
  groupIva?: TIvaGroup;
}
interface TValues {
  client?: string;
  reference?: string;
  startDate?: dayjs.Dayjs;
  endDate?: dayjs.Dayjs | null;
  lines?: TLineValues[];
}
const KNOWN = ['client', 'reference', 'startDate', 'endDate', 'lines'];
const GROUPS = Object.keys(IVA_GROUPS) as TIvaGroup[];

/** The total of the lines typed so far, as the server will compute it (packages/domain); unfinished lines count nothing. */
function liveTotals(lines: TLineValues[] | undefined) {
  const ready = (lines ?? []).filter(
    (l) =>
      l?.groupIva &&
      Number.isInteger(l.quantity) &&
      (l.quantity ?? 0) >= 1 &&
      typeof l.unitPrice === 'number' &&
      Number.isFinite(l.unitPrice) &&
      l.unitPrice >= 0,
  );
  return contractTotals(ready.map((l) => ({ quantity: l.quantity!, unitPriceCents: toCents(l.unitPrice!), groupIva: l.groupIva! })));
}

interface TProps {
  open: boolean;
  contract?: TContract;
  /** The client's page: the client is fixed. */
  clientId?: string;
  loading?: boolean;
  onClose: () => void;
  onSaved: (contract: TContract) => void;
}

/** Create or edit a draft contract: the client, its reference and term, and the services it hires with their price and IVA; the total as it is typed. */
export function ContractForm({ open, contract, clientId, loading, onClose, onSaved }: TProps) {
  const { t } = useTranslation();
  const { isMobile } = useViewport();
  const [form] = Form.useForm<TValues>();
  const services = useServiceOptions(open);
  const clients = useClientOptions(open && !clientId && !contract);
  const create = useCreateContract();
  const update = useUpdateContract();
  const lines = Form.useWatch('lines', form);
  const required = { required: true, message: t('form.required') };

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      contract
        ? {
            client: contract.client._id,
            reference: contract.reference ?? undefined,
            startDate: dayjs(contract.startDate),
            endDate: contract.endDate ? dayjs(contract.endDate) : null,
            lines: contract.lines.map((l) => ({ service: l.service._id, quantity: l.quantity, unitPrice: l.unitPrice, groupIva: l.groupIva })),
          }
        : { client: clientId, startDate: dayjs().startOf('year'), endDate: dayjs().endOf('year'), lines: [{ quantity: 1 }] },
    );
  }, [open, contract, clientId, form]);

  /** A chosen service brings its catalogue price and IVA group (the line may change them). */
  const pickService = (index: number, id: string) => {
    const found = services.data?.find((s) => s._id === id);
    if (found) form.setFieldValue(['lines', index], { ...form.getFieldValue(['lines', index]), service: id, unitPrice: found.price, groupIva: found.groupIva });
  };

  const submit = async (v: TValues) => {
    const body: TServiceContractInput = {
      client: contract?.client._id ?? clientId ?? v.client!,
      reference: v.reference?.trim() || null,
      startDate: v.startDate!.format('YYYY-MM-DD'),
      endDate: v.endDate ? v.endDate.format('YYYY-MM-DD') : null,
      lines: (v.lines ?? []).map((l) => ({ service: l.service!, quantity: l.quantity!, unitPrice: l.unitPrice!, groupIva: l.groupIva })),
    };
    try {
      const { client: _client, ...patch } = body;
      onSaved(contract ? await update.mutateAsync({ id: contract._id, body: patch }) : await create.mutateAsync(body));
    } catch (error) {
      if (!applyFieldErrors(form, error, KNOWN)) notifyError(error);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={isMobile ? '100%' : 820}
      title={t(contract ? 'contracts.editTitle' : 'contracts.newTitle')}
      destroyOnHidden
      extra={
        <Button type="primary" onClick={() => form.submit()} loading={create.isPending || update.isPending} data-testid="contract-save">
          {t('common.save')}
        </Button>
      }
    >
      {loading ? (
        <PageSkeleton rows={8} />
      ) : (
        <Form form={form} layout="vertical" requiredMark onFinish={(v) => void submit(v)} scrollToFirstError data-testid="contract-form">
          <Row gutter={16}>
            {!clientId && !contract && (
              <Col xs={24} md={12}>
                <Form.Item name="client" label={t('contracts.fields.client')} rules={[required]}>
                  <Select
                    showSearch
                    optionFilterProp="label"
                    loading={clients.isPending}
                    options={clients.data?.map((c) => ({ value: c._id, label: c.name }))}
                    data-testid="contract-client"
                  />
                </Form.Item>
              </Col>
            )}
            <Col xs={24} md={12}>
              <Form.Item name="reference" label={t('contracts.fields.reference')} rules={[maxLengthRule(100)]}>
                <Input count={lengthCount(100)} data-testid="contract-reference" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="startDate" label={t('contracts.fields.startDate')} rules={[required]}>
                <DatePicker format="DD-MM-YYYY" style={{ width: '100%' }} data-testid="contract-start" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item
                name="endDate"
                label={t('contracts.fields.endDate')}
                dependencies={['startDate']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_r, end: dayjs.Dayjs | null | undefined) => {
                      const start = getFieldValue('startDate') as dayjs.Dayjs | undefined;
                      return end && start && end.isBefore(start, 'day') ? Promise.reject(new Error(t('contracts.endBeforeStart'))) : Promise.resolve();
                    },
                  }),
                ]}
              >
                <DatePicker format="DD-MM-YYYY" style={{ width: '100%' }} data-testid="contract-end" />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Title level={5}>{t('contracts.fields.services')}</Typography.Title>
          <Form.List
            name="lines"
            rules={[{ validator: (_r, value: unknown[]) => (value?.length ? Promise.resolve() : Promise.reject(new Error(t('form.required')))) }]}
          >
            {(fields, { add, remove }, { errors }) => (
              <Flex vertical gap={8}>
                {!isMobile && fields.length > 0 && (
                  // The lines' column names (each field keeps its own accessible name too).
                  <Flex gap={8} aria-hidden style={{ paddingInlineEnd: 40 }}>
                    {(
                      [
                        ['service', '3 1 220px'],
                        ['quantity', '1 1 90px'],
                        ['unitPrice', '1 1 110px'],
                        ['groupIva', '1 1 150px'],
                      ] as const
                    ).map(([key, flex]) => (
                      <Typography.Text key={key} type="secondary" style={{ flex, fontSize: 12 }}>
                        {t(`contracts.fields.${key}`)}
                      </Typography.Text>
                    ))}
                  </Flex>
                )}
                {fields.map((field, index) => (
                  <Flex key={field.key} gap={8} wrap align="start" data-testid="contract-line" style={{ borderBottom: '1px solid #f0f0f0', paddingBottom: 8 }}>
                    <Form.Item name={[field.name, 'service']} rules={[required]} style={{ flex: '3 1 220px', margin: 0 }}>
                      <Select
                        showSearch
                        optionFilterProp="label"
                        placeholder={t('contracts.fields.service')}
                        aria-label={`${t('contracts.fields.service')} ${index + 1}`}
                        loading={services.isPending}
                        options={services.data?.map((s) => ({ value: s._id, label: s.name }))}
                        onChange={(id: string) => pickService(field.name, id)}
                        data-testid="contract-line-service"
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'quantity']}
                      rules={numberRules(CONTRACT_BOUNDS.quantity, { required: true })}
                      style={{ flex: '1 1 90px', margin: 0 }}
                    >
                      <NumberField
                        placeholder={t('contracts.fields.quantity')}
                        aria-label={`${t('contracts.fields.quantity')} ${index + 1}`}
                        data-testid="contract-line-quantity"
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'unitPrice']}
                      rules={numberRules(CONTRACT_BOUNDS.unitPrice, { required: true })}
                      style={{ flex: '1 1 110px', margin: 0 }}
                    >
                      <NumberField
                        placeholder={t('contracts.fields.unitPrice')}
                        aria-label={`${t('contracts.fields.unitPrice')} ${index + 1}`}
                        suffix="€"
                        data-testid="contract-line-price"
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'groupIva']} rules={[required]} style={{ flex: '1 1 150px', margin: 0 }}>
                      <Select
                        aria-label={`${t('contracts.fields.groupIva')} ${index + 1}`}
                        placeholder={t('contracts.fields.groupIva')}
                        options={GROUPS.map((g) => ({ value: g, label: t(`contracts.iva.${g}`) }))}
                        data-testid="contract-line-iva"
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('contracts.removeLine', { index: index + 1 })}
                      onClick={() => remove(field.name)}
                    />
                  </Flex>
                ))}
                <Form.ErrorList errors={errors} />
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ quantity: 1 })}
                  disabled={fields.length >= CONTRACT_LIMITS.lines}
                  data-testid="contract-add-line"
                >
                  {t('contracts.addLine')}
                </Button>
              </Flex>
            )}
          </Form.List>
          <ContractTotals totals={liveTotals(lines)} testId="contract-form-totals" />
        </Form>
      )}
    </Drawer>
  );
}
