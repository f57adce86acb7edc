import { useEffect } from 'react';
import { App } from 'antd';
import i18n from '../i18n';
import { errorMessage } from '../i18n/errorMessage';

type MessageInstance = ReturnType<typeof App.useApp>['message'];

/**
 * Toasts from anywhere (query cache, mutations, dialogs) through antd's App context: the bridge
 * component, rendered once inside <App>, hands its message API to the helpers below.
 */
let messageApi: MessageInstance | null = null;

export function FeedbackBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    messageApi = message;
    return () => {
      messageApi = null;
    };
  }, [message]);
  return null;
}

export type TSuccessKind = 'createSuccess' | 'updateSuccess' | 'deleteSuccess' | 'sendEmailSuccess' | 'passwordChanged';

export function notifySuccess(kind: TSuccessKind) {
  void messageApi?.success(i18n.t(`alert.${kind}`));
}

export function notifyError(error: unknown) {
  void messageApi?.error({ content: errorMessage(error), key: errorMessage(error) });
}

/** A neutral note (e.g. a change kept on the device until the network returns), already translated. */
export function notifyInfo(text: string) {
  // Keyed by its text: the same note twice in a row shows once.
  void messageApi?.info({ content: text, key: text });
}
