import { Checkbox, Col, Divider, Form, Row, Select, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { LAB_DATA_AREAS } from '@audit/domain/constants';
import { AUDITOR_ROLE } from '@audit/domain/users';
import { useCurrentSpace } from '../../session/space';
import type { TRoleLike } from '../roles';
import { spacesBelow, useAccessSpaces, useServiceOptions, type TAccessSpace } from './accessSpacesApi';
import { RegistersAccessFields } from './RegistersAccessFields';

/**
 * What a person may see: the user form's access section, shared with the invitation form (decision
 * 0062), so both ask the same and the server checks both the same way.
 */
export interface TAccessValues {
  clients?: string[];
  establishments?: string[];
  areas?: string[];
  accessServices?: string[];
  labDataAccess?: string[];
}

/** Product document section 6: a role that creates audits reveals the services selection (the services they may audit). */
const auditsRole = (role: TRoleLike) => role.name === AUDITOR_ROLE || (role.permissions ?? []).includes('AUDIT:CREATE');
/** Product document section 6: a role with the Register permissions reveals the registers access. */
const registersRole = (role: TRoleLike) => (role.permissions ?? []).some((p) => p.startsWith('REGISTER:'));
/** A role that reads lab data reveals the lab data access section (decision 0053). */
const labDataRole = (role: TRoleLike) => (role.permissions ?? []).some((p) => p === 'LAB_DATA_VIEW' || p === 'LAB_DATA_ISSUES_VIEW');

/** Drops establishments and areas no longer below the clients (or establishments) chosen. */
export function narrowMemberships(changed: TAccessValues, values: TAccessValues, spaces: TAccessSpace[]): TAccessValues {
  if (!changed.clients && !changed.establishments) return {};
  const pick = (ids?: string[]) => spaces.filter((s) => ids?.includes(s._id));
  const establishments = spacesBelow(spaces, 'ESTABLISHMENT', pick(values.clients)).map((s) => s._id);
  const out: TAccessValues = { establishments: (values.establishments ?? []).filter((id) => establishments.includes(id)) };
  const parents = out.establishments!.length ? pick(out.establishments) : pick(values.clients);
  const areas = spacesBelow(spaces, 'AREA', parents).map((s) => s._id);
  out.areas = (values.areas ?? []).filter((id) => areas.includes(id));
  return out;
}

type TRefs = Partial<Record<'clients' | 'establishments' | 'areas', { _id: string; name: string }[]>>;

export function AccessFields({
  form,
  roles,
  editing = false,
  fixed,
}: {
  form: FormInstance;
  /** The roles chosen: which of them reveal the services, registers and lab data sections. */
  roles: TRoleLike[];
  /** Editing a user: clients, establishments and areas are shown but fixed (section 6). */
  editing?: boolean;
  /** Spaces shown but fixed: the user's when editing, the client's when inviting from its page. */
  fixed?: TRefs;
}) {
  const { t } = useTranslation();
  const space = useCurrentSpace().data;
  const spaces = useAccessSpaces(!editing);
  const all = spaces.data?.items ?? [];
  const chosen = (ids?: string[]) => all.filter((s) => ids?.includes(s._id));
  const clients = Form.useWatch('clients', form) as string[] | undefined;
  const establishments = Form.useWatch('establishments', form) as string[] | undefined;
  const showServices = roles.some(auditsRole);
  const services = useServiceOptions(showServices);
  const toOptions = (list: TAccessSpace[]) => list.map((s) => ({ value: s._id, label: s.name }));
  const fixedOptions = (refs?: { _id: string; name: string }[]) => (refs ?? []).map((r) => ({ value: r._id, label: r.name }));
  // Section 6: clients only from a STRUCTURE space, establishments never from an AREA; fixed once created.
  const clientsDisabled = editing || Boolean(fixed?.clients) || space?.typeStructure !== 'STRUCTURE';
  const establishmentsDisabled = editing || Boolean(fixed?.establishments) || space?.typeStructure === 'AREA';
  const areasDisabled = editing || Boolean(fixed?.areas);
  const optionsOf = (field: keyof TRefs, free: TAccessSpace[]) => (editing || fixed?.[field] ? fixedOptions(fixed?.[field]) : toOptions(free));
  return (
    <>
      <Row gutter={24}>
        <Col xs={24} md={8}>
          <Form.Item name="clients" label={t('usersAccess.clients')}>
            <Select
              mode="multiple"
              disabled={clientsDisabled}
              loading={spaces.isPending && !editing}
              options={optionsOf('clients', spacesBelow(all, 'STRUCTURE', []))}
              optionFilterProp="label"
              placeholder={t('usersAccess.placeholder')}
              data-testid="user-form-clients"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="establishments" label={t('usersAccess.establishments')}>
            <Select
              mode="multiple"
              disabled={establishmentsDisabled}
              options={optionsOf('establishments', spacesBelow(all, 'ESTABLISHMENT', chosen(clients)))}
              optionFilterProp="label"
              placeholder={t('usersAccess.placeholder')}
              data-testid="user-form-establishments"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="areas" label={t('usersAccess.areas')}>
            <Select
              mode="multiple"
              disabled={areasDisabled}
              options={optionsOf('areas', spacesBelow(all, 'AREA', establishments?.length ? chosen(establishments) : chosen(clients)))}
              optionFilterProp="label"
              placeholder={t('usersAccess.placeholder')}
              data-testid="user-form-areas"
            />
          </Form.Item>
        </Col>
        {showServices && (
          <Col xs={24} md={12}>
            <Form.Item name="accessServices" label={t('usersAccess.services')}>
              <Select
                mode="multiple"
                loading={services.isPending}
                options={(services.data?.items ?? []).map((s) => ({ value: s._id, label: s.name }))}
                optionFilterProp="label"
                placeholder={t('usersAccess.placeholder')}
                data-testid="user-form-services"
              />
            </Form.Item>
          </Col>
        )}
      </Row>
      {roles.some(registersRole) && (
        <>
          <Divider titlePlacement="start">{t('registersAccess.section')}</Divider>
          <RegistersAccessFields />
        </>
      )}
      {roles.some(labDataRole) && (
        <>
          <Divider titlePlacement="start">{t('labDataAccess.section')}</Divider>
          <Typography.Paragraph type="secondary">{t('labDataAccess.hint')}</Typography.Paragraph>
          <Form.Item name="labDataAccess" label={t('labDataAccess.label')}>
            <Checkbox.Group options={LAB_DATA_AREAS.map((a) => ({ value: a, label: t(`menu.${a}`) }))} data-testid="user-form-lab-data" />
          </Form.Item>
        </>
      )}
    </>
  );
}
