import { useCallback, useState } from 'react';
import { Select, Space, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { RISK_LEVELS } from '@audit/domain/constants';
import { incidentTemplateCalls, type TIncidentTemplateRow } from '@audit/domain/calls/incident-templates';
import { sendPage } from '../../api/send';
import { ListPage } from '../../ui/ListPage';
import type { TListColumn } from '../../ui/listColumns';
import { PhoneCard, PhoneCards } from '../../ui/PhoneCards';
import { useViewport } from '../../ui/useViewport';
import { RiskTag } from './IncidentsEditor';
import { TEMPLATES_QUERY_KEY } from './templatesApi';

const PAGE_SIZE = 20;

/**
 * /templates/list/incidents: every incident template of the templates the user may read, found
 * across templates (they are edited per question in the template editor, where a row leads).
 */
export function IncidentTemplatesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isMobile } = useViewport();
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const [risk, setRisk] = useState<string | undefined>();
  const list = useQuery({
    queryKey: [...TEMPLATES_QUERY_KEY, 'incidents', { page, search, risk }],
    queryFn: ({ signal }) =>
      sendPage(
        incidentTemplateCalls.search,
        { size: PAGE_SIZE, page, search, filters: risk ? [{ field: 'riskLevel', operator: 'eq', value: risk }] : [] },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  const onSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(0);
  }, []);
  const open = (row: TIncidentTemplateRow) => navigate(`/templates/${row.template._id}`);
  const where = (row: TIncidentTemplateRow) => `${row.section.title} › ${row.question.name}`;
  const tasks = (row: TIncidentTemplateRow) => row.tasks.map((task) => task.name).join(', ');

  const columns: TListColumn<TIncidentTemplateRow>[] = [
    { key: 'name', title: t('templates.incidents.name'), dataIndex: 'name', locked: true },
    { key: 'riskLevel', title: t('templates.incidents.riskLevel'), render: (_, row) => <RiskTag level={row.riskLevel} />, width: 150 },
    {
      key: 'deductionPercentage',
      title: t('templates.incidents.deduction'),
      render: (_, row) => t('templates.incidents.deductionValue', { value: row.deductionPercentage }),
      width: 130,
    },
    {
      key: 'template',
      title: t('templates.library.template'),
      render: (_, row) => (
        <Link to={`/templates/${row.template._id}`} onClick={(e) => e.stopPropagation()}>
          {row.template.name}
        </Link>
      ),
    },
    { key: 'where', title: t('templates.library.where'), render: (_, row) => where(row) },
    { key: 'tasks', title: t('templates.incidents.tasks'), render: (_, row) => tasks(row) || '—' },
  ];

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('templates.library.intro')}
      </Typography.Paragraph>
      <ListPage<TIncidentTemplateRow>
        title={t('templates.library.title')}
        settingsKey="table.incidentTemplates"
        columns={columns}
        rowKey={(row) => row._id}
        rows={list.data?.items}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={(next) => setPage(next)}
        search={search}
        onSearch={onSearch}
        activeFilters={risk ? 1 : 0}
        renderFilters={(close) => (
          <Select
            allowClear
            autoFocus
            style={{ width: 240 }}
            aria-label={t('templates.incidents.riskLevel')}
            placeholder={t('templates.incidents.riskLevel')}
            value={risk}
            options={RISK_LEVELS.map((level) => ({ value: level, label: t(`templates.risk.${level}`, { defaultValue: level }) }))}
            onChange={(value: string | undefined) => {
              setRisk(value);
              setPage(0);
              close();
            }}
            data-testid="incident-library-risk"
          />
        )}
        onRowClick={open}
        emptyText={t('templates.library.empty')}
        view={isMobile ? 'directory' : 'table'}
        directory={
          <PhoneCards
            testId="incident-library-cards"
            items={list.data?.items}
            total={list.data?.total ?? 0}
            page={page}
            pageSize={PAGE_SIZE}
            onPageChange={setPage}
            loading={list.isPending}
            error={list.error}
            onRetry={() => void list.refetch()}
            emptyText={t('templates.library.empty')}
            rowKey={(row) => row._id}
            renderCard={(row) => (
              <PhoneCard
                testId="incident-library-card"
                title={row.name}
                tag={<RiskTag level={row.riskLevel} />}
                meta={[row.template.name, where(row), tasks(row)].filter(Boolean).join(' · ')}
                onOpen={() => open(row)}
              />
            )}
          />
        }
      />
    </Space>
  );
}
