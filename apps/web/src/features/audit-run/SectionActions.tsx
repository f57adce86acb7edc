import { useState, type ReactElement } from 'react';
import { Button, Tooltip } from 'antd';
import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TAudit } from '@audit/domain/audits';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { notifySuccess } from '../../ui/feedback';
import { auditRunQueryKey, duplicateSection, removeSection } from './auditRunApi';
import { insertSection, removeSectionFrom } from './auditCache';
import { useRun } from './RunContext';
import { useQueuedFor } from '../../offline/queueState';
import { auditResource } from './offline/auditResource';
import { useOnline } from '../../ui/useOnline';

interface TProps {
  sectionId: string;
  title: string;
  duplicable: boolean;
  removable: boolean;
}

/** Duplicate (duplicable or duplicated sections) and remove (copies only, after confirmation); online only, with nothing queued, one at a time. */
export function SectionActions({ sectionId, title, duplicable, removable }: TProps) {
  const { t } = useTranslation();
  const { auditId, runnable } = useRun();
  const queryClient = useQueryClient();
  const online = useOnline();
  const queued = useQueuedFor(auditResource(auditId)).count > 0;
  const [confirming, setConfirming] = useState(false);
  const patch = (update: (a: TAudit) => TAudit) => queryClient.setQueryData<TAudit>(auditRunQueryKey(auditId), (a) => (a ? update(a) : a));
  const duplicate = useMutation({
    mutationFn: () => duplicateSection(auditId, sectionId),
    onSuccess: (section) => (patch((a) => insertSection(a, section)), notifySuccess('createSuccess')),
  });
  const remove = useMutation({
    mutationFn: () => removeSection(auditId, sectionId),
    onSuccess: () => (setConfirming(false), patch((a) => removeSectionFrom(a, sectionId)), notifySuccess('deleteSuccess')),
  });
  if (!runnable) return null;
  const busy = duplicate.isPending || remove.isPending;
  // Not queued (online only, as the product document says), so never ahead of changes still queued.
  const blocked = !online || queued;
  const hint = !online ? t('auditRun.section.offline') : queued ? t('alert.error.changesWaiting') : undefined;
  return (
    <span className="run-section-actions">
      {duplicable &&
        withHint(
          hint,
          <Button
            size="small"
            icon={<CopyOutlined />}
            loading={duplicate.isPending}
            disabled={busy || blocked}
            onClick={() => duplicate.mutate()}
            aria-label={t('auditRun.section.duplicateOf', { title })}
          >
            {t('common.duplicate')}
          </Button>,
        )}
      {removable &&
        withHint(
          hint,
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            disabled={busy || blocked}
            onClick={() => setConfirming(true)}
            aria-label={t('auditRun.section.removeOf', { title })}
          >
            {t('common.delete')}
          </Button>,
        )}
      {/* Mounted while asked only: a large audit has a copy in most of its sections. */}
      {confirming && (
        <ConfirmDialog
          open
          title={t('auditRun.section.removeTitle')}
          content={t('auditRun.section.removeQuestion', { title })}
          loading={remove.isPending}
          onConfirm={() => remove.mutate()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </span>
  );
}

/** A tooltip only when there is something to say: dozens of sections each carry these buttons, and an idle Tooltip is a tree of its own. */
const withHint = (hint: string | undefined, button: ReactElement) => (hint ? <Tooltip title={hint}>{button}</Tooltip> : button);
