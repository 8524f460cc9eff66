import { App } from 'antd';
import { useEffect } from 'react';
import { installFeedback } from '../services/feedback';

/** Hands antd's context-aware message/notification/modal to code outside React. */
export function FeedbackBridge() {
  const api = App.useApp();
  useEffect(() => {
    installFeedback(api);
  }, [api]);
  return null;
}
