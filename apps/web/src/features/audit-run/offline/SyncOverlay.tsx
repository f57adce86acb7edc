import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSyncState } from './syncController';

/** Full screen while queued changes are replayed and the audit reloaded: nothing can be changed meanwhile. */
export function SyncOverlay() {
  const { t } = useTranslation();
  const { active, done, total } = useSyncState();
  // The page underneath takes no keyboard input either (the overlay only stops the pointer).
  useEffect(() => {
    const root = document.getElementById('root');
    if (!active || !root) return;
    root.inert = true;
    return () => void (root.inert = false);
  }, [active]);
  if (!active) return null;
  return createPortal(
    <div className="run-sync-overlay" role="alertdialog" aria-modal="true" aria-busy="true" aria-labelledby="run-sync-text" data-testid="sync-overlay">
      <Spin size="large" />
      <p id="run-sync-text" aria-live="polite">{t('auditRun.offline.syncing', { n: Math.min(done + 1, total), total })}</p>
    </div>,
    document.body,
  );
}
