import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSyncState } from './syncController';
import './offline.css';

/** Full screen while queued changes are replayed and the page reloaded: nothing can be changed meanwhile. */
export function SyncOverlay() {
  const { t } = useTranslation();
  const { active, done, total } = useSyncState();
  // The page underneath takes no keyboard input either (the overlay only stops the pointer). Making
  // it inert takes the focus from what the user was typing in: it is given back afterwards, with the
  // caret where it was, so a note being written goes on where it stopped.
  useEffect(() => {
    const root = document.getElementById('root');
    if (!active || !root) return;
    const focused = document.activeElement instanceof HTMLElement && root.contains(document.activeElement) ? document.activeElement : null;
    const caret = focused instanceof HTMLTextAreaElement || focused instanceof HTMLInputElement ? [focused.selectionStart, focused.selectionEnd] : null;
    root.inert = true;
    return () => {
      root.inert = false;
      if (!focused?.isConnected || (document.activeElement && document.activeElement !== document.body)) return;
      focused.focus({ preventScroll: true });
      if (caret && (focused instanceof HTMLTextAreaElement || focused instanceof HTMLInputElement)) {
        try {
          focused.setSelectionRange(caret[0], caret[1]);
        } catch {
          /* an input type without a caret */
        }
      }
    };
  }, [active]);
  if (!active) return null;
  return createPortal(
    <div className="run-sync-overlay" role="alertdialog" aria-modal="true" aria-busy="true" aria-labelledby="run-sync-text" data-testid="sync-overlay">
      <Spin size="large" />
      <p id="run-sync-text" aria-live="polite">
        {t('offline.syncing', { n: Math.min(done + 1, total), total })}
      </p>
    </div>,
    document.body,
  );
}
