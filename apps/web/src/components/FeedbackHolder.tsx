import { Modal, message } from 'antd';
import { useEffect } from 'react';
import { setFeedbackHost } from '../lib/feedback';

/**
 * Hands context-aware message / modal instances (theme, locale) to every screen and the request layer
 * (lib/feedback.ts). Its own chunk: antd's message and Modal load with the first toast or dialog, or once the
 * user first touches the page (app/antd.tsx), not with the first screen.
 */
export function FeedbackHolder() {
  const [messageApi, messageHolder] = message.useMessage();
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => {
    setFeedbackHost({ message: messageApi, modal: modalApi });
    return () => setFeedbackHost(null);
  }, [messageApi, modalApi]);
  return (
    <>
      {messageHolder}
      {modalHolder}
    </>
  );
}
