import { type ModalFuncProps, Modal as StaticModal, message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Toasts and dialogs for code that lives outside React (the request layer). The Providers mount a
 * holder that hands over the context-aware instances of `App.useApp()` (theme, locale); before that,
 * the static functions are used.
 */
interface Feedback {
  message: Pick<MessageInstance, 'error' | 'success' | 'warning' | 'info'>;
  modal: { confirm: (config: ModalFuncProps) => unknown };
}

let current: Feedback | null = null;

export function setFeedback(f: Feedback | null) {
  current = f;
}

export function feedback(): Feedback {
  return current ?? { message: staticMessage, modal: StaticModal };
}
