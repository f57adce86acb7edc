import { useEffect } from 'react';
import { App as AntApp } from 'antd';
import { Outlet } from 'react-router-dom';
import { setMessageApi } from '../ui/feedback';

/** Hands antd's message API to ui/feedback's helpers while mounted. */
function FeedbackBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    setMessageApi(message);
    return () => setMessageApi(null);
  }, [message]);
  return null;
}

/**
 * antd's App around the shell and the pages that show toasts or modals through App.useApp(): a route
 * layout loaded on demand, so the sign-in page (which shows its messages itself) never downloads it.
 */
export function WithFeedback() {
  return (
    <AntApp>
      <FeedbackBridge />
      <Outlet />
    </AntApp>
  );
}
