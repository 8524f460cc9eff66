import { App } from 'antd';
import { useCallback } from 'react';
import { postEnvelope } from '../../services/request';

/**
 * Posts an action whose answer is only a message: a refusal throws with the server's reason (so the row action,
 * toolbar button or form that called it shows it as its error), an acceptance shows the server's own text — as a
 * warning when `warnIf` finds the accepted action's result fell short (a step the outside service failed).
 */
export function usePostAction() {
  const { message } = App.useApp();
  return useCallback(
    async <T = unknown>(url: string, body: unknown, warnIf?: (result: T) => boolean): Promise<void> => {
      const env = await postEnvelope<T>(url, body);
      if (!env.success) throw new Error(env.message);
      if (warnIf?.(env.result)) message.warning(env.message);
      else message.success(env.message);
    },
    [message],
  );
}
