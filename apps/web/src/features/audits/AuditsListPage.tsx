import './audits.css';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { readAuditsLink } from '../../manifest/listLinks';
import { useMe, userCan } from '../../session/me';
import { ListPage } from '../../ui/ListPage';
import { listQueryProps, useListState } from '../../ui/useListState';
import { auditorColumns, clientColumns } from './auditColumns';
import { AuditFilters } from './AuditFilters';
import { countFilters, useAuditsList, type TAuditFilters } from './auditsApi';

// The auditor's preview and wizard, a chunk of their own: a client's list (the same page) never shows
// them, and their libraries (tree, steps, descriptions, date pickers) are not the list's to download
// and run. An auditor's list asks for them as it opens (below), so a first click does not wait.
const loadPreview = () => import('./AuditPreviewDialog');
const loadWizard = () => import('./wizard/CreateAuditWizard');
const AuditPreviewDialog = lazy(() => loadPreview().then((m) => ({ default: m.AuditPreviewDialog })));
const CreateAuditWizard = lazy(() => loadWizard().then((m) => ({ default: m.CreateAuditWizard })));

/** An address's client, establishment, service, status and start days as the list's filters (whole UTC days, as the date filter keeps them). */
function linkedFilters(params: URLSearchParams, kind: 'auditor' | 'client'): TAuditFilters {
  const { days, status, ...rest } = readAuditsLink(params);
  // The client's list shows finished audits only anyway.
  const filters: TAuditFilters = status && kind === 'auditor' ? { ...rest, status } : rest;
  return days ? { ...filters, startDate: [`${days[0]}T00:00:00.000Z`, `${days[1]}T23:59:59.999Z`] } : filters;
}

/** A client sees the audits made (finished), each opening its report. */
const CLIENT_STATUS: TAuditFilters = { status: ['finished'] };

/**
 * /auditor/audits (kind auditor): every audit of the scope, a row opens the preview, "New audit"
 * opens the wizard. /client-audits/audits (kind client): the client's finished audits with their
 * risk counts and score, a row opens the report.
 * ?audit={id} opens that audit's preview: the link of the assignment notice and e-mail.
 */
export function AuditsListPage({ kind }: { kind: 'auditor' | 'client' }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const me = useMe().data;
  const [params, setParams] = useSearchParams();
  // A link with filters (a statistics benchmark row, decision 0079) opens the list already narrowed to them.
  const [linked] = useState(() => linkedFilters(params, kind));
  const state = useListState<TAuditFilters>({ filters: linked });
  const { filters } = state;
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const linkedAudit = kind === 'auditor' ? params.get('audit') : null;
  useEffect(() => {
    if (!linkedAudit) return;
    setPreviewId(linkedAudit);
    // Opened once: closing the preview leaves a plain list address.
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('audit');
        return next;
      },
      { replace: true },
    );
  }, [linkedAudit, setParams]);
  useEffect(() => {
    if (kind !== 'auditor') return;
    void loadPreview().catch(() => undefined);
    void loadWizard().catch(() => undefined);
  }, [kind]);
  const list = useAuditsList({ ...state.query, filters: kind === 'client' ? { ...filters, ...CLIENT_STATUS } : filters });

  return (
    <>
      <ListPage
        // The office reaches this list as "Planificación" (decision 0033): the heading says the same.
        title={t(kind === 'client' ? 'audits.clientTitle' : me?.isAuditor === false ? 'audits.planningTitle' : 'audits.title')}
        settingsKey={kind === 'auditor' ? 'table.audits' : 'table.clientAudits'}
        columns={kind === 'auditor' ? auditorColumns(t, i18n.language) : clientColumns(t, i18n.language)}
        rowKey={(audit) => audit._id}
        {...listQueryProps(list)}
        {...state.paging}
        activeFilters={countFilters(filters)}
        renderFilters={(close) => (
          <AuditFilters
            kind={kind}
            value={filters}
            onApply={(next) => {
              state.applyFilters(next);
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
        <Suspense fallback={null}>
          <AuditPreviewDialog id={previewId} onClose={() => setPreviewId(null)} />
          <CreateAuditWizard open={creating} onClose={() => setCreating(false)} onCreated={(audit) => setPreviewId(audit._id)} />
        </Suspense>
      )}
    </>
  );
}
