import type { Dispatch } from 'react';
import { Col, DatePicker, Form, Row, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useAuditorOptions, useClientOptions, useEstablishmentOptions, useEstablishmentServices } from '../optionsApi';
import { rangeBeforeStart, startDayOf, type TWizardAction, type TWizardState } from './wizardState';
import { DAY_FORMAT, formatDay, todayInZone } from '@audit/domain/dates';
import { useTimeZone } from '../../../session/timeZone';

const byId = <T extends { _id: string }>(list: T[] | undefined, id: string | undefined) => list?.find((o) => o._id === id) ?? null;
const select = { showSearch: { optionFilterProp: 'label' as const }, style: { width: '100%' } };

/** Step 1: client, establishment (of the client), service, year and month, date range, auditor. */
export function SettingStep({ state, dispatch }: { state: TWizardState; dispatch: Dispatch<TWizardAction> }) {
  const { t } = useTranslation();
  const clients = useClientOptions(true);
  const establishments = useEstablishmentOptions(state.client?._id, Boolean(state.client));
  const services = useEstablishmentServices(state.establishment?._id);
  const auditors = useAuditorOptions(state.client?._id);
  const today = todayInZone(useTimeZone());
  const startDay = startDayOf(state, today);
  const beforeStart = rangeBeforeStart(state, today);
  const item = (id: string, label: string, children: React.ReactNode, extra?: string, error?: string) => (
    <Form.Item label={label} htmlFor={id} required extra={extra} validateStatus={error ? 'error' : undefined} help={error}>
      {children}
    </Form.Item>
  );
  const noServices = Boolean(state.establishment && services.data && services.data.length === 0);
  return (
    <Form layout="vertical" data-testid="wizard-setting">
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {item(
            'wizard-client',
            t('audits.fields.client'),
            <Select
              {...select}
              id="wizard-client"
              loading={clients.isPending}
              value={state.client?._id}
              options={(clients.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
              onChange={(id: string) => dispatch({ type: 'client', value: byId(clients.data, id) })}
            />,
          )}
        </Col>
        <Col xs={24} md={12}>
          {item(
            'wizard-establishment',
            t('audits.fields.establishment'),
            <Select
              {...select}
              id="wizard-establishment"
              disabled={!state.client}
              placeholder={state.client ? undefined : t('audits.wizard.clientFirst')}
              loading={establishments.isFetching}
              value={state.establishment?._id}
              options={(establishments.data ?? []).map((e) => ({ value: e._id, label: e.name }))}
              onChange={(id: string) => dispatch({ type: 'establishment', value: byId(establishments.data, id) })}
            />,
          )}
        </Col>
        <Col xs={24} md={12}>
          {item(
            'wizard-service',
            t('audits.fields.service'),
            <Select
              {...select}
              id="wizard-service"
              disabled={!state.establishment}
              placeholder={state.establishment ? undefined : t('audits.wizard.establishmentFirst')}
              loading={services.isFetching}
              value={state.service?._id}
              status={noServices ? 'warning' : undefined}
              options={(services.data ?? []).map((s) => ({ value: s._id, label: s.name }))}
              onChange={(id: string) => dispatch({ type: 'service', value: byId(services.data, id) })}
            />,
            noServices ? t('audits.wizard.noServices') : undefined,
          )}
        </Col>
        <Col xs={24} md={12}>
          {item(
            'wizard-auditor',
            t('audits.fields.auditor'),
            <Select
              {...select}
              id="wizard-auditor"
              disabled={!state.client}
              placeholder={state.client ? undefined : t('audits.wizard.clientFirst')}
              loading={auditors.isFetching}
              value={state.auditor?._id}
              options={(auditors.data ?? []).map((a) => ({ value: a._id, label: a.fullName, title: a.email }))}
              optionRender={(o) => (
                <span>
                  {o.label} <Typography.Text type="secondary">{o.data.title}</Typography.Text>
                </span>
              )}
              onChange={(id: string) => dispatch({ type: 'auditor', value: byId(auditors.data, id) })}
            />,
          )}
        </Col>
        <Col xs={24} md={12}>
          {item(
            'wizard-period',
            t('audits.fields.period'),
            <DatePicker
              id="wizard-period"
              picker="month"
              format="MMMM YYYY"
              allowClear={false}
              style={{ width: '100%' }}
              value={dayjs(new Date(state.period.year, state.period.month, 1))}
              onChange={(d) => d && dispatch({ type: 'period', value: { year: d.year(), month: d.month() } })}
            />,
            t('audits.wizard.periodHint'),
          )}
        </Col>
        <Col xs={24} md={12}>
          {item(
            'wizard-range',
            t('audits.fields.dateRange'),
            <DatePicker.RangePicker
              id={{ start: 'wizard-range' }}
              format={DAY_FORMAT}
              style={{ width: '100%' }}
              value={state.range ? [dayjs(state.range[0]), dayjs(state.range[1])] : null}
              // Visits happen from the start date on (the server refuses earlier ones).
              disabledDate={(d) => d.format('YYYY-MM-DD') < startDay}
              onChange={(range) =>
                dispatch({ type: 'range', value: range?.[0] && range[1] ? [range[0].startOf('day').toDate(), range[1].startOf('day').toDate()] : null })
              }
              status={beforeStart ? 'error' : undefined}
            />,
            t('audits.wizard.rangeHint', { start: formatDay(startDay) }),
            beforeStart ? t('audits.wizard.rangeBeforeStart', { start: formatDay(startDay) }) : undefined,
          )}
        </Col>
      </Row>
    </Form>
  );
}
