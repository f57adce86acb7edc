import { useState } from 'react';
import { Alert, Button, DatePicker, Descriptions, Flex, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDay, type TDay } from '@audit/domain/dates';
import type { TVisitRefusal } from '@audit/domain/visits/window';
import type { TVisit } from './calendarApi';
import { kindOf, VisitIcon } from './visitLook';

/**
 * A visit's details and the keyboard's way to move it: a date picker whose refused days are
 * disabled (the same rule the server applies), then "Move".
 */
export function VisitDialog(props: {
  visit: TVisit | null;
  refusalOf: (visit: TVisit, day: TDay) => TVisitRefusal | null;
  moving: boolean;
  onMove: (visit: TVisit, day: TDay) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [day, setDay] = useState<Dayjs | null>(null);
  const visit = props.visit;
  if (!visit) return null;
  const kind = kindOf(visit.status);
  const picked = day?.format('YYYY-MM-DD');
  const refusal = picked ? props.refusalOf(visit, picked) : null;
  const close = () => {
    setDay(null);
    props.onClose();
  };
  const days = visit.from === visit.to ? formatDay(visit.from) : `${formatDay(visit.from)} – ${formatDay(visit.to)}`;
  return (
    <Modal
      open
      title={
        <Flex gap={8} align="center">
          <span className={`visit-chip ${kind}`} style={{ width: 'auto' }}>
            <VisitIcon kind={kind} />
            <span>{t(`calendar.kind.${kind}`)}</span>
          </span>
          {visit.templateName}
        </Flex>
      }
      onCancel={close}
      footer={
        <Flex justify="space-between" wrap gap={8}>
          <Link to={`/auditor/audits?audit=${visit._id}`}>{t('calendar.openAudit')}</Link>
          <Button onClick={close}>{t('common.close')}</Button>
        </Flex>
      }
    >
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('calendar.fields.date')}>{days}</Descriptions.Item>
        <Descriptions.Item label={t('calendar.fields.client')}>{visit.client.name}</Descriptions.Item>
        <Descriptions.Item label={t('calendar.fields.establishment')}>{visit.establishment.name}</Descriptions.Item>
        <Descriptions.Item label={t('calendar.fields.service')}>{visit.service.name}</Descriptions.Item>
        <Descriptions.Item label={t('calendar.fields.auditor')}>{visit.auditor?.name ?? '—'}</Descriptions.Item>
      </Descriptions>
      {visit.canMove ? (
        <Flex vertical gap={8} style={{ marginTop: 16 }}>
          <Typography.Text strong>{t('calendar.moveTo')}</Typography.Text>
          <Flex gap={8} wrap>
            <DatePicker
              aria-label={t('calendar.moveTo')}
              value={day}
              onChange={setDay}
              format="DD-MM-YYYY"
              disabledDate={(d) => d.format('YYYY-MM-DD') < visit.startDate || props.refusalOf(visit, d.format('YYYY-MM-DD')) !== null}
              defaultPickerValue={dayjs(visit.from)}
            />
            <Button type="primary" disabled={!picked || refusal !== null} loading={props.moving} onClick={() => picked && props.onMove(visit, picked)}>
              {t('calendar.move')}
            </Button>
          </Flex>
          {refusal && <Alert type="warning" showIcon message={t(`calendar.refusal.${refusal}`)} />}
        </Flex>
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
          {t('calendar.cannotMove')}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
