import { useEffect, useMemo, useState } from 'react';
import { Alert, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TPlannedVisit } from '@audit/domain/visit-plans/schemas';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { groupsOf, useConfirmGroups, useGroupTemplates, type TVisitGroup } from './confirmGroups';

interface TProps {
  open: boolean;
  visits: TPlannedVisit[];
  auditorOptions: { value: string; label: string }[];
  onDone: () => void;
  onCancel: () => void;
}

/**
 * Confirming proposals: each becomes a draft audit, which needs a template of the visit's service
 * that the establishment's goal offers (the audits wizard's own list). Visits are grouped by
 * establishment and service; a group with one such template takes it, one with several asks which,
 * and one with none says so and keeps the confirm disabled (the office must first link a template
 * to that service). Visits without an auditor take the one chosen here.
 */
export function ConfirmVisits({ open, visits, auditorOptions, onDone, onCancel }: TProps) {
  const { t } = useTranslation();
  const groups = useMemo(() => groupsOf(visits), [visits]);
  const templates = useGroupTemplates(groups, open);
  const confirm = useConfirmGroups();
  const [auditor, setAuditor] = useState<string | undefined>();
  const [chosen, setChosen] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!open) setChosen({});
  }, [open]);

  const needAuditor = visits.some((v) => !v.auditor);
  const templateOf = (g: TVisitGroup) => {
    const options = templates[g.key]?.data ?? [];
    return options.length === 1 ? options[0]!._id : chosen[g.key];
  };
  const loading = groups.some((g) => templates[g.key]?.isPending);
  const missing = groups.filter((g) => templates[g.key]?.data?.length === 0);
  const ready = !loading && !missing.length && groups.every((g) => templateOf(g)) && (!needAuditor || auditor);

  const doConfirm = () => {
    if (!ready) return;
    confirm.mutate(
      groups.map((g) => ({ visits: g.visits.map((v) => v._id), template: templateOf(g)!, ...(auditor ? { auditor } : {}) })),
      { onSuccess: onDone, onError: onCancel },
    );
  };

  return (
    <ConfirmDialog
      open={open}
      danger={false}
      title={t('visitPlans.confirmTitle', { count: visits.length })}
      confirmText={t('visitPlans.confirmOk')}
      loading={confirm.isPending}
      disabled={!ready}
      content={
        <Flex vertical gap={8}>
          <span>{t('visitPlans.confirmText')}</span>
          {groups.map((g) => {
            const query = templates[g.key];
            const options = query?.data ?? [];
            const label = `${g.establishment} · ${g.service}`;
            if (query?.isError) return <Alert key={g.key} type="error" showIcon message={label} description={t('visitPlans.templatesFailed')} />;
            if (options.length === 0 && !query?.isPending)
              return <Alert key={g.key} type="warning" showIcon message={label} description={t('visitPlans.noTemplate')} data-testid="confirm-no-template" />;
            return (
              <Flex key={g.key} vertical gap={2}>
                <Typography.Text type="secondary">{label}</Typography.Text>
                {options.length === 1 ? (
                  <Typography.Text>{t('visitPlans.templateIs', { name: options[0]!.name })}</Typography.Text>
                ) : (
                  <Select
                    loading={query?.isPending}
                    placeholder={t('visitPlans.pickTemplate')}
                    aria-label={`${t('visitPlans.fields.template')}: ${label}`}
                    options={options.map((o) => ({ value: o._id, label: o.name }))}
                    value={chosen[g.key]}
                    onChange={(value: string) => setChosen((c) => ({ ...c, [g.key]: value }))}
                    data-testid="confirm-template"
                  />
                )}
              </Flex>
            );
          })}
          {needAuditor && (
            <Select
              showSearch
              optionFilterProp="label"
              placeholder={t('visitPlans.pickAuditor')}
              aria-label={t('visitPlans.fields.auditor')}
              options={auditorOptions}
              value={auditor}
              onChange={setAuditor}
              data-testid="confirm-auditor"
            />
          )}
        </Flex>
      }
      onConfirm={doConfirm}
      onCancel={onCancel}
    />
  );
}
