import type { MessageInstance } from 'antd/es/message/interface';
import i18n from '../i18n';
import { errorMessage } from '../i18n/errorMessage';

/**
 * Toasts from anywhere (query cache, mutations, dialogs) through antd's App context: the bridge in
 * app/WithFeedback.tsx, rendered once inside antd's <App>, hands its message API here. This file
 * imports no antd code, so the sign-in page (outside that App) does not download it.
 */
let messageApi: MessageInstance | null = null;

export function setMessageApi(api: MessageInstance | null) {
  messageApi = api;
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
