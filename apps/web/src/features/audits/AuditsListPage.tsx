import './audits.css';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '@audit/domain/search';
import { useMe, userCan } from '../../session/me';
import { ListPage } from '../../ui/ListPage';
import { auditorColumns, clientColumns } from './auditColumns';
import { AuditFilters } from './AuditFilters';
import { AuditPreviewDialog } from './AuditPreviewDialog';
import { countFilters, useAuditsList, type TAuditFilters } from './auditsApi';
import { CreateAuditWizard } from './wizard/CreateAuditWizard';

/** A client sees the audits made (finished), each opening its report. */
const CLIENT_STATUS: TAuditFilters = { status: ['finished'] };

/**
 * /auditor/audits (kind auditor): every audit of the scope, a row opens the preview, "New audit"
 * opens the wizard. /client-audits/audits (kind client): the client's finished audits with their
 * risk counts and score, a row opens the report.
 */
export function AuditsListPage({ kind }: { kind: 'auditor' | 'client' }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const me = useMe().data;
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<string | undefined>();
  const [filters, setFilters] = useState<TAuditFilters>({});
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const list = useAuditsList({ page, size, search, sort, filters: kind === 'client' ? { ...filters, ...CLIENT_STATUS } : filters });

  const onSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(0);
  }, []);

  return (
    <>
      <ListPage
        title={t(kind === 'auditor' ? 'audits.title' : 'audits.clientTitle')}
        settingsKey={kind === 'auditor' ? 'table.audits' : 'table.clientAudits'}
        columns={kind === 'auditor' ? auditorColumns(t, i18n.language) : clientColumns(t, i18n.language)}
        rowKey={(audit) => audit._id}
        rows={list.data?.items}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        page={page}
        pageSize={size}
        onPageChange={(nextPage, nextSize) => {
          setPage(nextSize === size ? nextPage : 0);
          setSize(nextSize);
        }}
        onSortChange={setSort}
        search={search}
        onSearch={onSearch}
        activeFilters={countFilters(filters)}
        renderFilters={(close) => (
          <AuditFilters
            kind={kind}
            value={filters}
            onApply={(next) => {
              setFilters(next);
              setPage(0);
              close();
            }}
          />
        )}
        onAdd={kind === 'auditor' && userCan(me, 'AUDIT:CREATE') ? () => setCreating(true) : undefined}
        addLabel={t('audits.add')}
        emptyText={t(kind === 'auditor' ? 'audits.empty' : 'audits.clientEmpty')}
        onRowClick={(audit) => (kind === 'auditor' ? setPreviewId(audit._id) : navigate(`/client-audits/audits/report/${audit._id}`))}
      />
      {kind === 'auditor' && (
        <>
          <AuditPreviewDialog id={previewId} onClose={() => setPreviewId(null)} />
          <CreateAuditWizard open={creating} onClose={() => setCreating(false)} onCreated={(audit) => setPreviewId(audit._id)} />
        </>
      )}
    </>
  );
}
