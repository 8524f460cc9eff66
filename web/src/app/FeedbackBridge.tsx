// antd's context-aware message / notification / modal (theme, locale) for code outside React (request layer,
// session actions). Rendered at the root once a user has signed in, and kept for the life of the page, so a
// message raised just before leaving the main layout (e.g. a failed logout call) is still shown on the login
// page. Loaded lazily: public pages get by with antd's static message (see services/feedback).
import { Modal, message, notification } from 'antd';
import { useEffect } from 'react';
import { installFeedback } from '../services/feedback';

export default function FeedbackBridge() {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => {
    installFeedback({ message: messageApi, notification: notificationApi, modal: modalApi });
  }, [messageApi, notificationApi, modalApi]);
  return (
    <>
      {messageHolder}
      {notificationHolder}
      {modalHolder}
    </>
  );
}
