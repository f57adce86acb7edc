import { useState } from 'react';
import { Button, Flex, InputNumber, Space, Tag, Typography } from 'antd';
import { LeftOutlined, LockOutlined, RightOutlined, UnlockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { addDays } from '@audit/domain/dates';
import { periodNameOf, REPEATED_TAKES_DEFAULT, REPEATED_TAKES_MAX, REPEATED_TAKES_MIN, type TPeriodName } from '@audit/domain/registers';
import { notifyError } from '../../ui/feedback';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LogDownloads } from './LogDownloads';
import { openClose } from './logsApi';
import { shortDay } from './logFormat';
import type { TRegisterLog } from './offline/logChanges';

interface TProps {
  log: TRegisterLog;
  /** The day of the chosen take column, if any (the day open/close acts on). */
  day: string | null;
  today: string;
  onDate: (date: string | undefined) => void;
  repeatTakes: number;
  onRepeatTakes: (n: number) => void;
  reload: () => Promise<unknown>;
}

interface TPending {
  period: TPeriodName;
  date: string;
  open: boolean;
}

/**
 * The log's header: register and period, moving to the previous or next period, the repeated
 * threshold (staff), the PDF and Excel downloads, and opening / closing the chosen day or the period after a confirmation.
 */
export function LogHeader({ log, day, today, onDate, repeatTakes, onRepeatTakes, reload }: TProps) {
  const { t } = useTranslation();
  const { register, grid } = log;
  const [pending, setPending] = useState<TPending | null>(null);
  const [busy, setBusy] = useState(false);
  const [start, end] = grid.period;
  const staff = register.can.correct;
  const dayClosed = day ? grid.closedDays.includes(day) : false;

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await openClose(register._id, pending);
      await reload();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  return (
    <Flex vertical gap={8} className="register-log-header">
      <Flex gap={8} wrap align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {register.name}
        </Typography.Title>
        <Tag>{register.client.name}</Tag>
        {grid.closed && (
          <Tag color="default" icon={<LockOutlined />}>
            {t('registerLogs.periodClosed')}
          </Tag>
        )}
      </Flex>
      <Flex gap={8} wrap align="center">
        <Space.Compact>
          <Button icon={<LeftOutlined />} aria-label={t('registerLogs.previousPeriod')} onClick={() => onDate(addDays(start, -1))} />
          <Button disabled>
            {shortDay(start)} – {shortDay(end)}
          </Button>
          <Button icon={<RightOutlined />} aria-label={t('registerLogs.nextPeriod')} disabled={end >= today} onClick={() => onDate(addDays(end, 1))} />
        </Space.Compact>
        <LogDownloads
          registerId={register._id}
          name={register.name}
          date={start}
          takesPerDay={register.takesPerDay}
          repeatTakes={staff && repeatTakes !== REPEATED_TAKES_DEFAULT ? repeatTakes : undefined}
        />
        {staff && (
          <label className="register-log-threshold">
            {t('registerLogs.repeatTakes')}{' '}
            <InputNumber
              size="small"
              min={REPEATED_TAKES_MIN}
              max={REPEATED_TAKES_MAX}
              value={repeatTakes}
              onChange={(n) => n && onRepeatTakes(n)}
              aria-label={t('registerLogs.repeatTakes')}
            />
          </label>
        )}
      </Flex>
      {register.can.openClose && (
        <Flex gap={8} wrap>
          {/* A daily sheet's period is its day: one button. */}
          {day && !register.dailyDisabled && register.period !== 'daily' && (
            <Button
              icon={dayClosed ? <UnlockOutlined /> : <LockOutlined />}
              onClick={() => setPending({ period: 'day', date: day, open: dayClosed })}
              disabled={grid.closed}
            >
              {t(dayClosed ? 'registerLogs.openDay' : 'registerLogs.closeDay', { day: shortDay(day) })}
            </Button>
          )}
          <Button
            icon={grid.closed ? <UnlockOutlined /> : <LockOutlined />}
            onClick={() => setPending({ period: periodNameOf(register.period), date: start, open: grid.closed })}
          >
            {t(grid.closed ? 'registerLogs.openPeriod' : 'registerLogs.closePeriod')}
          </Button>
        </Flex>
      )}
      <ConfirmDialog
        open={Boolean(pending)}
        danger={!pending?.open}
        title={t(pending?.open ? 'registerLogs.confirmOpenTitle' : 'registerLogs.confirmCloseTitle')}
        content={t(pending?.open ? 'registerLogs.confirmOpen' : 'registerLogs.confirmClose', {
          what: pending?.period === 'day' ? shortDay(pending.date) : `${shortDay(start)} – ${shortDay(end)}`,
        })}
        loading={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirm()}
      />
    </Flex>
  );
}
