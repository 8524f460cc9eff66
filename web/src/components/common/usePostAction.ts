import { App } from 'antd';
import { useCallback } from 'react';
import { postEnvelope } from '../../services/request';

/**
 * Posts an action whose answer is only a message: a refusal throws with the server's reason (so the row action,
 * toolbar button or form that called it shows it as its error), an acceptance shows the server's own success text.
 */
export function usePostAction(): (url: string, body: unknown) => Promise<void> {
  const { message } = App.useApp();
  return useCallback(
    async (url: string, body: unknown) => {
      const env = await postEnvelope<unknown>(url, body);
      if (!env.success) throw new Error(env.message);
      message.success(env.message);
    },
    [message],
  );
}
