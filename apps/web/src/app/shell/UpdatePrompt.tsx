import { Alert, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQueuedTotal } from '../../offline/queueState';
import { applyUpdate, useUpdateState } from '../../sw/updates';
import { useOnline } from '../../ui/useOnline';

/**
 * "A new version is available": offered, never forced (an auditor's page is never reloaded under
 * them). Not while offline or with changes waiting to be sent: a reload then would ask to leave
 * the run page, and the changes are better sent first by the release that queued them.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const state = useUpdateState();
  const online = useOnline();
  const pending = useQueuedTotal();
  if (state === 'none') return null;
  const blocked = !online || pending > 0;
  return (
    <div className="shell-update" data-testid="app-update">
      <Alert
        type="info"
        showIcon
        role="status"
        title={t(state === 'waiting' ? 'shell.update.available' : 'shell.update.elsewhere')}
        action={
          <Tooltip title={blocked ? t('shell.update.afterSync') : undefined}>
            <Button type="primary" size="small" disabled={blocked} onClick={() => applyUpdate()}>
              {t(state === 'waiting' ? 'shell.update.apply' : 'shell.update.reload')}
            </Button>
          </Tooltip>
        }
      />
    </div>
  );
}
