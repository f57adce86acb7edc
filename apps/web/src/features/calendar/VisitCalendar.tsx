import { Suspense, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Flex, Segmented, Spin, Typography } from 'antd';
import { CalendarOutlined, LeftOutlined, LinkOutlined, RightOutlined } from '@ant-design/icons';
import { DndContext, PointerSensor, useSensor, useSensors, type DragEndEvent, type DragStartEvent } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_ZONE, todayInZone, type TDay } from '@audit/domain/dates';
import { visitRefusal, type TVisitRefusal } from '@audit/domain/visits/window';
import { errorMessage } from '../../i18n/errorMessage';
import { userCan, useMe } from '../../session/me';
import { ErrorState } from '../../ui/PageStates';
import { useViewport } from '../../ui/useViewport';
import { useMoveVisit, useVisits, type TCalendarFilters, type TVisit } from './calendarApi';
import { CalendarFilters, type TFilterOptions } from './CalendarFilters';
import { CALENDAR_VIEWS, monthWeeks, openingView, rangeOf, shift, weekDays, type TCalendarView } from './days';
import { FeedDialog } from './FeedDialog';
import { GridView } from './GridView';
import { Legend } from './Legend';
import { ListView } from './ListView';
import { calendarPanels } from './panels';
import { VisitDialog } from './VisitDialog';
import './calendar.css';

/** Visits a month's day shows before its "+N" (the week view shows them all). */
const MONTH_DAY_LIMIT = 4;
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const MONTHS = (language: string) => new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The visits calendar (decision 0087): month, week and list views of the audits by date, filtered,
 * with moves by drag and drop or from a visit's dialog; a refused day says why (the visit window).
 * `client` fixes the client (the client page's tab).
 */
export function VisitCalendar({ client }: { client?: string }) {
  const { t, i18n } = useTranslation();
  const { isMobile } = useViewport();
  const me = useMe();
  const today = todayInZone(DEFAULT_TIME_ZONE);
  const [view, setView] = useState<TCalendarView>(openingView(isMobile));
  const [anchor, setAnchor] = useState<TDay>(today);
  const [filters, setFilters] = useState<TCalendarFilters>({});
  const [open, setOpen] = useState<TVisit | null>(null);
  const [dragged, setDragged] = useState<TVisit | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [feedOpen, setFeedOpen] = useState(false);
  const range = rangeOf(view, anchor);
  const visits = useVisits(range, { ...filters, ...(client ? { client } : {}) });
  const move = useMoveVisit();
  // Pointer drags only: the keyboard's way is Enter on a visit, then a day in its dialog (Enter stays "open").
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));

  // Filter options: every name the calendar has read (a filter never hides its own choices).
  const seen = useRef<TFilterOptions>({ client: new Map(), establishment: new Map(), auditor: new Map(), service: new Map() });
  for (const v of visits.data?.items ?? []) {
    seen.current.client.set(v.client._id, v.client.name);
    seen.current.establishment.set(v.establishment._id, v.establishment.name);
    seen.current.service.set(v.service._id, v.service.name);
    if (v.auditor) seen.current.auditor.set(v.auditor._id, v.auditor.name);
  }

  const byDay = useMemo(() => {
    const map = new Map<TDay, TVisit[]>();
    for (const v of visits.data?.items ?? []) {
      const list = map.get(v.from) ?? [];
      list.push(v);
      map.set(v.from, list);
    }
    return map;
  }, [visits.data]);

  /** The shared rule (packages/domain/src/visits/window.ts) on the visit's establishment window. */
  const refusalOf = (visit: TVisit, day: TDay): TVisitRefusal | null => {
    const window = visits.data?.windows[visit.establishment._id];
    return window ? visitRefusal(window, { month: Number(day.slice(5, 7)), day: Number(day.slice(8, 10)) }) : null;
  };
  const doMove = (visit: TVisit, day: TDay) => {
    if (day === visit.from) return;
    setRefused(null);
    move.mutate(
      { visit, day },
      {
        onSuccess: () => setOpen(null),
        onError: (error) => setRefused(errorMessage(error)),
      },
    );
  };
  const onDragStart = (e: DragStartEvent) => setDragged((e.active.data.current as { visit: TVisit } | undefined)?.visit ?? null);
  const onDragEnd = (e: DragEndEvent) => {
    const visit = (e.active.data.current as { visit: TVisit } | undefined)?.visit;
    const day = e.over?.id as TDay | undefined;
    setDragged(null);
    if (!visit || !day) return;
    const why = refusalOf(visit, day);
    // Refused days say why at once; the server applies the same rule and would answer the same.
    if (why) setRefused(t(`calendar.refusal.${why}`));
    else doMove(visit, day);
  };

  const title =
    view === 'week'
      ? `${weekDays(anchor)[0]!.split('-').reverse().join('/')} – ${weekDays(anchor)[6]!.split('-').reverse().join('/')}`
      : capitalized(MONTHS(i18n.language).format(new Date(`${anchor.slice(0, 7)}-01T00:00:00Z`)));
  const dayRefusal = (day: TDay) => (dragged ? refusalOf(dragged, day) : null);

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center" justify="space-between">
        <Flex gap={8} align="center" wrap>
          <Button onClick={() => setAnchor(today)}>{t('calendar.today')}</Button>
          <Button icon={<LeftOutlined />} aria-label={t('calendar.previous')} onClick={() => setAnchor(shift(view, anchor, -1))} />
          <Button icon={<RightOutlined />} aria-label={t('calendar.next')} onClick={() => setAnchor(shift(view, anchor, 1))} />
          <Typography.Title level={4} style={{ margin: 0 }} aria-live="polite">
            {title}
          </Typography.Title>
          {visits.isFetching && <Spin size="small" />}
        </Flex>
        <Flex gap={8} wrap>
          <Segmented<TCalendarView>
            value={view}
            onChange={setView}
            options={CALENDAR_VIEWS.map((v) => ({ value: v, label: t(`calendar.view.${v}`) }))}
            aria-label={t('calendar.viewLabel')}
          />
          {!client && (
            <Button icon={<LinkOutlined />} onClick={() => setFeedOpen(true)}>
              {t('calendar.feed.button')}
            </Button>
          )}
        </Flex>
      </Flex>
      <Flex gap={8} wrap>
        <CalendarFilters value={filters} options={seen.current} fixed={client ? ['client'] : []} onChange={setFilters} />
      </Flex>
      <Legend />
      {refused && (
        <Alert type="error" showIcon closable onClose={() => setRefused(null)} message={t('calendar.moveRefused')} description={refused} role="alert" />
      )}
      <Suspense fallback={null}>
        {calendarPanels()
          .filter((panel) => userCan(me.data, ...(panel.permissions ?? [])))
          .map(({ key, Panel }) => (
            <Panel key={key} range={range} client={client ?? filters.client} />
          ))}
      </Suspense>
      {visits.isError ? (
        <ErrorState error={visits.error} onRetry={() => void visits.refetch()} />
      ) : visits.isPending ? (
        <Card>
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin tip={t('calendar.loading')} />
          </Flex>
        </Card>
      ) : (
        <DndContext sensors={sensors} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragged(null)}>
          {view === 'list' ? (
            <ListView byDay={byDay} onOpen={setOpen} />
          ) : (
            <>
              {visits.data.items.length === 0 && <Alert type="info" icon={<CalendarOutlined />} showIcon message={t('calendar.empty')} />}
              <GridView
                weeks={view === 'week' ? [weekDays(anchor)] : monthWeeks(anchor)}
                month={view === 'month' ? anchor.slice(0, 7) : undefined}
                week={view === 'week'}
                today={today}
                byDay={byDay}
                refusalOf={dayRefusal}
                onOpen={setOpen}
                visits={visits.data.items.length}
                busy={visits.isPlaceholderData}
                limit={view === 'month' ? MONTH_DAY_LIMIT : undefined}
                onMore={(day) => {
                  setAnchor(day);
                  setView('week');
                }}
              />
            </>
          )}
        </DndContext>
      )}
      <VisitDialog key={open?._id} visit={open} refusalOf={refusalOf} moving={move.isPending} onMove={doMove} onClose={() => setOpen(null)} />
      {!client && <FeedDialog open={feedOpen} onClose={() => setFeedOpen(false)} />}
    </Flex>
  );
}
