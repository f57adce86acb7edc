import { useState } from 'react';
import { Alert, Button, Col, Empty, Flex, InputNumber, Row, Select, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, RollbackOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_VALUE_GOAL, type TGoalInput } from '@audit/domain/services';
import { ConfirmDialog } from '../ConfirmDialog';
import { ErrorState, PageSkeleton } from '../PageStates';
import { nameAmong, type TGoalName } from './goalNames';
import { useGoalsInEffect, useSaveGoals, useServiceNames, useTemplateNames } from './goalsApi';

type TRow = { key: number; service: string | undefined; valueGoal: number; templates: string[] };

interface TProps {
  /** The space whose goals are shown: a client, establishment or area, or the company itself. */
  spaceId: string;
  /** The caller may write this space (its `can.update`). */
  canEdit: boolean;
  /** The company's own goals are every space's default; a space below may inherit them. */
  company?: boolean;
}

let nextKey = 0;

/** The service of a goal row; a deleted one reads "Servicio eliminado", with what to do about it. */
function ServiceName({ name }: { name: TGoalName }) {
  const { t } = useTranslation();
  if (!name.deleted) return <Typography.Text strong>{name.name}</Typography.Text>;
  return (
    <Tooltip title={t('goals.deletedServiceHint')}>
      <Typography.Text type="secondary" italic data-testid="goal-service-deleted">
        <WarningOutlined /> {name.name}
      </Typography.Text>
    </Tooltip>
  );
}
const rowOf = (g: { service: string; valueGoal: number; templates: string[] }): TRow => ({ key: nextKey++, ...g });

/**
 * The services a space is audited for, each with its goal (a percentage) and, optionally, the
 * templates used for it (none: any enabled template of the service). A space without goals of its
 * own shows those it inherits (its client's, else the company's) and may customize them; a space
 * with its own may go back to the inherited ones (docs/decisions/0023).
 */
export function GoalsEditor({ spaceId, canEdit, company = false }: TProps) {
  const { t } = useTranslation();
  const inEffect = useGoalsInEffect(spaceId);
  const services = useServiceNames();
  const templates = useTemplateNames();
  const save = useSaveGoals(spaceId);
  const [draft, setDraft] = useState<TRow[] | null>(null);
  const [restoring, setRestoring] = useState(false);

  if (inEffect.isPending || services.isPending) return <PageSkeleton rows={4} />;
  if (inEffect.isError) return <ErrorState error={inEffect.error} onRetry={() => void inEffect.refetch()} />;
  if (services.isError) return <ErrorState error={services.error} onRetry={() => void services.refetch()} />;
  const { from, own, goals } = inEffect.data;
  const serviceOf = (id: string) => nameAmong(id, services.data, t('goals.deletedService'));
  const templateName = (id: string) => nameAmong(id, templates.data, t('goals.deletedTemplate')).name;
  const editing = draft !== null;
  const rows = draft ?? goals.map(rowOf);
  const used = new Set(rows.map((r) => r.service));
  const free = services.data.filter((s) => !used.has(s._id));

  const update = (key: number, change: Partial<TRow>) => setDraft((d) => d!.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const add = () => setDraft((d) => [...(d ?? []), { key: nextKey++, service: free[0]?._id, valueGoal: DEFAULT_VALUE_GOAL, templates: [] }]);
  const submit = () => {
    const body: TGoalInput[] = draft!.filter((r) => r.service).map((r) => ({ service: r.service!, valueGoal: r.valueGoal, templates: r.templates }));
    save.mutate(body, { onSuccess: () => setDraft(null) });
  };

  const origin = () => {
    if (company) return <Alert type="info" showIcon message={t('goals.companyNote', { value: DEFAULT_VALUE_GOAL })} data-testid="goals-origin" />;
    if (own) return <Alert type="success" showIcon message={t('goals.own')} data-testid="goals-origin" />;
    if (from) return <Alert type="info" showIcon message={t('goals.inherited', { name: from.name })} data-testid="goals-origin" />;
    return <Alert type="warning" showIcon message={t('goals.none')} data-testid="goals-origin" />;
  };

  return (
    <Flex vertical gap={12} data-testid="goals-editor">
      {!editing && origin()}
      {rows.length === 0 && !editing && <Empty description={t('goals.empty')} />}
      {rows.map((row) => (
        <Row key={row.key} gutter={[12, 8]} align="middle" className="goal-row" data-testid="goal-row">
          <Col xs={24} md={8}>
            {editing ? (
              <Select
                style={{ width: '100%' }}
                value={row.service}
                placeholder={t('goals.service')}
                aria-label={t('goals.service')}
                showSearch
                optionFilterProp="label"
                status={row.service && serviceOf(row.service).deleted ? 'warning' : undefined}
                options={[
                  ...(row.service && serviceOf(row.service).deleted ? [{ value: row.service, label: t('goals.deletedService') }] : []),
                  ...services.data.filter((s) => s._id === row.service || !used.has(s._id)).map((s) => ({ value: s._id, label: s.name })),
                ]}
                onChange={(service: string) => update(row.key, { service, templates: [] })}
                data-testid="goal-service"
              />
            ) : (
              <ServiceName name={serviceOf(row.service!)} />
            )}
          </Col>
          <Col xs={10} md={4}>
            {editing ? (
              <InputNumber
                style={{ width: '100%' }}
                min={0}
                max={100}
                precision={0}
                suffix="%"
                value={row.valueGoal}
                aria-label={t('goals.valueGoal')}
                onChange={(value) => update(row.key, { valueGoal: value ?? 0 })}
                data-testid="goal-value"
              />
            ) : (
              <Tag color="blue" data-testid="goal-value-view">
                {t('goals.goalOf', { value: row.valueGoal })}
              </Tag>
            )}
          </Col>
          <Col xs={editing ? 14 : 24} md={editing ? 11 : 12}>
            {editing ? (
              <Select
                mode="multiple"
                style={{ width: '100%' }}
                value={row.templates}
                placeholder={t('goals.anyTemplate')}
                aria-label={t('goals.templates')}
                optionFilterProp="label"
                loading={templates.isPending}
                options={(templates.data ?? []).filter((x) => x.service?._id === row.service).map((x) => ({ value: x._id, label: x.name }))}
                onChange={(value: string[]) => update(row.key, { templates: value })}
                data-testid="goal-templates"
              />
            ) : (
              <Typography.Text type="secondary">{row.templates.length ? row.templates.map(templateName).join(', ') : t('goals.anyTemplate')}</Typography.Text>
            )}
          </Col>
          {editing && (
            <Col xs={24} md={1} style={{ textAlign: 'right' }}>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('common.delete')}
                onClick={() => setDraft((d) => d!.filter((r) => r.key !== row.key))}
                data-testid="goal-remove"
              />
            </Col>
          )}
        </Row>
      ))}
      {canEdit && (
        <Flex gap={8} wrap justify="flex-end">
          {editing ? (
            <>
              <Button icon={<PlusOutlined />} onClick={add} disabled={free.length === 0} data-testid="goal-add">
                {t('goals.add')}
              </Button>
              <Button onClick={() => setDraft(null)}>{t('common.cancel')}</Button>
              <Button type="primary" loading={save.isPending} onClick={submit} data-testid="goals-save">
                {t('common.save')}
              </Button>
            </>
          ) : (
            <>
              {own && !company && (
                <Button icon={<RollbackOutlined />} onClick={() => setRestoring(true)} data-testid="goals-restore">
                  {t('goals.restore')}
                </Button>
              )}
              <Button type="primary" icon={<EditOutlined />} onClick={() => setDraft(goals.map(rowOf))} data-testid="goals-edit">
                {own || company ? t('goals.edit') : t('goals.customize')}
              </Button>
            </>
          )}
        </Flex>
      )}
      <ConfirmDialog
        open={restoring}
        title={t('goals.restoreQuestion')}
        content={t('goals.restoreDetail')}
        confirmText={t('goals.restore')}
        loading={save.isPending}
        onConfirm={() => save.mutate([], { onSuccess: () => setRestoring(false) })}
        onCancel={() => setRestoring(false)}
      />
    </Flex>
  );
}
