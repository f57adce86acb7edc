import { Col, DatePicker, Divider, Form, Input, Row, Select, Switch, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { isValidEmail, PHONE_PATTERN, ZIP_CODE_PATTERN } from '@audit/domain/validators';
import type { TStructureType } from './clientsApi';
import { GeoSelect } from '../../ui/GeoSelect';
import { PhonesField } from './PhonesField';
import { NomenclatureSelect } from './NomenclatureSelect';
import { SocialReasonSelect } from './SocialReasonSelect';
import type { TStructureFormValues } from './structureValues';
import { DAY_FORMAT, isValidTimeZone, timeZoneNames } from '@audit/domain/dates';
import { lengthCount, maxLengthRule } from '../../ui/NumberField';

/** Intl's IANA zones, Europe/Madrid first. */
const TIME_ZONES = timeZoneNames().map((zone) => ({ value: zone, label: zone }));

const DAYS = Array.from({ length: 31 }, (_, i) => ({ value: i + 1, label: String(i + 1) }));
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);
const EMAIL_FIELDS = ['email', 'billingEmail', 'auditReportEmail', 'analyticalReportEmail'] as const;

/**
 * The one form of clients, establishments and areas (create and edit). Country → province →
 * municipality cascade: each select waits for its parent and is cleared when the parent changes.
 */
export function StructureForm({
  form,
  name = 'structure',
  type,
  initialValues,
  onFinish,
}: {
  form: FormInstance<TStructureFormValues>;
  /** Prefix of the field ids: a page form and a drawer form on one screen must not share ids (labels point to ids). */
  name?: string;
  type: TStructureType;
  initialValues: Partial<TStructureFormValues>;
  onFinish: (values: TStructureFormValues) => void;
}) {
  const { t, i18n } = useTranslation();
  const country = Form.useWatch('country', form);
  const province = Form.useWatch('province', form);
  const active = Form.useWatch('active', form) ?? true;
  const inactivityDate = Form.useWatch('inactivityDate', form);
  const required = { required: true, whitespace: true, message: t('form.required') };
  const email = {
    validator: (_r: unknown, v?: string) => (!v?.trim() || isValidEmail(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('form.invalidEmail')))),
  };
  const monthName = (m: number) => new Intl.DateTimeFormat(i18n.language, { month: 'long' }).format(new Date(2024, m - 1, 1));
  const months = MONTHS.map((m) => ({ value: m, label: monthName(m) }));
  const isArea = type === 'AREA';
  const col = { xs: 24, md: 12, xl: 8 };

  return (
    <Form
      form={form}
      name={name}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      requiredMark
      scrollToFirstError
      data-testid="structure-form"
      onValuesChange={(changed: Partial<TStructureFormValues>) => {
        if ('country' in changed) form.setFieldsValue({ province: null, municipality: null });
        if ('province' in changed) form.setFieldsValue({ municipality: null });
        if (changed.active === false && !form.getFieldValue('inactivityDate')) form.setFieldsValue({ inactivityDate: null });
      }}
    >
      <Row gutter={24}>
        <Col {...col}>
          <Form.Item name="name" label={t('clients.fields.name')} rules={[required, maxLengthRule(200)]}>
            <Input autoFocus count={lengthCount(200)} />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="code" label={t('clients.fields.code')} rules={[maxLengthRule(50)]}>
            <Input count={lengthCount(50)} />
          </Form.Item>
        </Col>
        {isArea ? (
          <Col {...col}>
            <Form.Item name="areaType" label={t('clients.fields.areaType')}>
              <NomenclatureSelect kind="areaTypes" />
            </Form.Item>
          </Col>
        ) : (
          <Col {...col}>
            <Form.Item name="cif" label={t('clients.fields.cif')} rules={[maxLengthRule(20)]}>
              <Input count={lengthCount(20)} />
            </Form.Item>
          </Col>
        )}
      </Row>
      {!isArea && (
        <>
          <Divider titlePlacement="start">{t('clients.form.location')}</Divider>
          <Row gutter={24}>
            <Col {...col}>
              <Form.Item name="country" label={t('clients.fields.country')}>
                <GeoSelect level="countries" placeholder={t('clients.form.searchPlaceholder')} data-testid="select-country" />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item name="province" label={t('clients.fields.province')} extra={!country ? t('clients.form.chooseCountry') : undefined}>
                <GeoSelect
                  level="states"
                  parentId={country ?? undefined}
                  disabled={!country}
                  placeholder={t('clients.form.searchPlaceholder')}
                  data-testid="select-province"
                />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item name="municipality" label={t('clients.fields.municipality')} extra={!province ? t('clients.form.chooseProvince') : undefined}>
                <GeoSelect
                  level="cities"
                  parentId={province ?? undefined}
                  disabled={!province}
                  placeholder={t('clients.form.searchPlaceholder')}
                  data-testid="select-municipality"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={16}>
              <Form.Item name="address" label={t('clients.fields.address')} rules={[required, maxLengthRule(300)]}>
                <Input count={lengthCount(300)} />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item
                name="zipCode"
                label={t('clients.fields.zipCode')}
                rules={[required, { pattern: ZIP_CODE_PATTERN, message: t('clients.form.zipCodeRule') }]}
              >
                <Input inputMode="numeric" maxLength={9} />
              </Form.Item>
            </Col>
          </Row>
        </>
      )}
      <Divider titlePlacement="start">{t('clients.form.contact')}</Divider>
      <Row gutter={24}>
        <Col {...col}>
          <Form.Item name="contactPerson" label={t('clients.fields.contactPerson')} rules={[maxLengthRule(200)]}>
            <Input count={lengthCount(200)} />
          </Form.Item>
        </Col>
        {(isArea ? (['email'] as const) : EMAIL_FIELDS).map((name) => (
          <Col {...col} key={name}>
            <Form.Item name={name} label={t(`clients.fields.${name}`)} rules={[email]}>
              <Input type="email" maxLength={254} />
            </Form.Item>
          </Col>
        ))}
        {!isArea && (
          <Col {...col}>
            <Form.Item
              name="fax"
              label={t('clients.fields.fax')}
              normalize={(v?: string) => v?.replace(/[\s-]/g, '')}
              rules={[{ pattern: PHONE_PATTERN, message: t('form.invalidPhone') }]}
            >
              <Input placeholder="+34900000000" inputMode="tel" />
            </Form.Item>
          </Col>
        )}
        <Col xs={24}>
          <PhonesField />
        </Col>
      </Row>
      {!isArea && (
        <>
          <Divider titlePlacement="start">{t('clients.form.billing')}</Divider>
          <Row gutter={24}>
            <Col {...col}>
              <Form.Item
                name="socialReason"
                label={t('clients.fields.socialReason')}
                rules={type === 'ESTABLISHMENT' ? [{ required: true, message: t('form.required') }] : []}
              >
                <SocialReasonSelect />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item name="company" label={t('clients.fields.company')}>
                <NomenclatureSelect kind="companies" />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item name="paymentType" label={t('clients.fields.paymentType')}>
                <NomenclatureSelect kind="paymentTypes" />
              </Form.Item>
            </Col>
            <Col xs={24} xl={16}>
              <Form.Item name="activities" label={t('clients.fields.activities')}>
                <NomenclatureSelect kind="activities" multiple />
              </Form.Item>
            </Col>
          </Row>
        </>
      )}
      <Divider titlePlacement="start">{t('clients.form.activity')}</Divider>
      <Row gutter={24}>
        <Col xs={12} md={6} xl={4}>
          <Form.Item name="active" label={t('clients.fields.active')} valuePropName="checked">
            <Switch data-testid="switch-active" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6} xl={4}>
          <Form.Item name="inactivityDate" label={t('clients.fields.inactivityDate')}>
            <DatePicker format={DAY_FORMAT} disabled={active && !inactivityDate} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        {!isArea && (
          <>
            <Col xs={12} md={6} xl={4}>
              <Form.Item name="openMonth" label={t('clients.fields.openMonth')}>
                <Select allowClear options={months} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} xl={4}>
              <Form.Item name="closeMonth" label={t('clients.fields.closeMonth')}>
                <Select allowClear options={months} />
              </Form.Item>
            </Col>
          </>
        )}
        <Col xs={24} md={12} xl={8}>
          <Form.Item name="visitDays" label={t('clients.fields.visitDays')}>
            <Select mode="multiple" allowClear options={DAYS} maxTagCount="responsive" />
          </Form.Item>
        </Col>
        {!isArea && (
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="notVisitDays" label={t('clients.fields.notVisitDays')}>
              <Select mode="multiple" allowClear options={DAYS} maxTagCount="responsive" />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={12} xl={8}>
          {/* The zone its days are counted in (audit dates, "today"); empty inherits the space above's. */}
          <Form.Item
            name="timeZone"
            label={t('clients.fields.timeZone')}
            rules={[
              {
                validator: (_, value) =>
                  !value || isValidTimeZone(value) ? Promise.resolve() : Promise.reject(new Error(t('alert.error.BADREQUESTERROR.TZ0001'))),
              },
            ]}
          >
            <Select showSearch allowClear options={TIME_ZONES} placeholder={t('clients.form.timeZoneInherited')} data-testid="select-time-zone" />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
