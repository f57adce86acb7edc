import { Descriptions, Drawer, Empty, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '@audit/domain/dates';
import { ErrorState, PageSkeleton } from '../../ui/PageStates';
import { useViewport } from '../../ui/useViewport';
import { useTimeZone } from '../../session/timeZone';
import { useTrace, type TTraceRow } from './adminApi';

export const TRACE_COLORS: Record<string, string> = { CREATE: 'green', UPDATE: 'blue', REMOVE: 'red', RESTORE: 'purple' };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const show = (value: unknown) => (value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/** A payload { from, to } (or { before, after }) as a table of the fields that changed, before and after. */
function BeforeAfter({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const keys =
    isRecord(before) || isRecord(after) ? [...new Set([...Object.keys(isRecord(before) ? before : {}), ...Object.keys(isRecord(after) ? after : {})])] : [null];
  const pick = (value: unknown, key: string | null) => (key === null ? value : isRecord(value) ? value[key] : undefined);
  return (
    <div className="trace-diff" data-testid="trace-diff">
      <div className="trace-diff-row trace-diff-head">
        <span>{t('admin.traces.field')}</span>
        <span>{t('admin.traces.before')}</span>
        <span>{t('admin.traces.after')}</span>
      </div>
      {keys.map((key) => {
        const [a, b] = [pick(before, key), pick(after, key)];
        const same = JSON.stringify(a) === JSON.stringify(b);
        return (
          <div className={`trace-diff-row${same ? '' : ' is-changed'}`} key={key ?? 'value'}>
            <span className="trace-diff-key">{key ?? t('admin.traces.value')}</span>
            <pre>{show(a)}</pre>
            <pre>{show(b)}</pre>
          </div>
        );
      })}
    </div>
  );
}

/** The payload, readable: a before / after table when it carries both, else its fields one per line. */
export function PayloadView({ payload }: { payload: unknown }) {
  const { t } = useTranslation();
  if (payload === null || payload === undefined) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.traces.noPayload')} />;
  if (isRecord(payload) && ('from' in payload || 'to' in payload)) return <BeforeAfter before={payload.from} after={payload.to} />;
  if (isRecord(payload) && ('before' in payload || 'after' in payload)) return <BeforeAfter before={payload.before} after={payload.after} />;
  if (!isRecord(payload)) return <pre className="trace-pre">{show(payload)}</pre>;
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      items={Object.entries(payload).map(([key, value]) => ({ key, label: key, children: <pre className="trace-pre">{show(value)}</pre> }))}
    />
  );
}

/** One trace: who did what, where and when, and its payload. */
/** `trace`: the row opened (shown until the whole trace, with its payload, is read). */
export function TraceDetail({ trace, onClose }: { trace: TTraceRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const { isMobile } = useViewport();
  const full = useTrace(trace?._id ?? null);
  const shown = full.data ?? trace;
  return (
    <Drawer open={Boolean(trace)} onClose={onClose} title={t('admin.traces.detail')} size={isMobile ? '100%' : 640} destroyOnHidden>
      {full.isError && <ErrorState error={full.error} onRetry={() => void full.refetch()} />}
      {!shown && full.isPending && <PageSkeleton rows={4} />}
      {shown && (
        <Flex vertical gap={16}>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'date', label: t('admin.traces.date'), children: formatInstant(shown.date, timeZone) },
              { key: 'type', label: t('admin.traces.type'), children: <Tag color={TRACE_COLORS[shown.type]}>{t(`admin.traces.types.${shown.type}`)}</Tag> },
              { key: 'owner', label: t('admin.traces.owner'), children: shown.ownerName ?? t('admin.traces.system') },
              { key: 'module', label: t('admin.traces.module'), children: shown.module },
              { key: 'section', label: t('admin.traces.section'), children: shown.section },
              {
                key: 'entity',
                label: t('admin.traces.entity'),
                children: <Typography.Text copyable={Boolean(shown.entity)}>{shown.entity ?? '—'}</Typography.Text>,
              },
            ]}
          />
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('admin.traces.payload')}
          </Typography.Title>
          <PayloadView payload={full.data?.payload} />
        </Flex>
      )}
    </Drawer>
  );
}
