// What a button starts (save, accept, export): busy while it runs, and a failure shown in the server's words;
// the work itself says what success looks like. `onFailure` replaces that message (e.g. showFailure, which
// leaves HTTP failures to the request layer).
import { App } from 'antd';
import { useState } from 'react';
import { errorText } from '../../services/request';

export function useBusyAction(onFailure?: (error: unknown) => void): {
  busy: boolean;
  run: (work: () => Promise<unknown>) => Promise<void>;
} {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      if (onFailure) onFailure(error);
      else message.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
