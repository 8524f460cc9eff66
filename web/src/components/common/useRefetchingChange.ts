// Runs a change from a list that a query shows: tells the success (or the server's refusal, e.g. "belongs to
// another captain") and reads the list again; answers whether the change went through.
import { App } from 'antd';
import { errorText } from '../../services/request';
import { useBilingual } from '../resource/text';
import type { Bilingual } from '../resource/types';

export function useRefetchingChange(refetch: () => Promise<unknown>) {
  const tx = useBilingual();
  const { message } = App.useApp();
  return async (run: () => Promise<unknown>, done: Bilingual): Promise<boolean> => {
    try {
      await run();
      message.success(tx(done));
      await refetch();
      return true;
    } catch (error) {
      message.error(errorText(error));
      return false;
    }
  };
}
