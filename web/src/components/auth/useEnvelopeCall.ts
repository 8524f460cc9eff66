// A form's call that answers with an envelope (register, send an SMS code, reset a password): busy while it
// runs; a refusal is shown as the server words it, at the level the caller picks (or not at all when the
// caller words it itself); a failure other than an HTTP one (those the request layer already showed) is shown
// too. Resolves to the envelope, or null when the call itself failed.
import { useState } from 'react';
import { feedback } from '../../services/feedback';
import { showFailure } from '../../services/request';

type Refusal = 'error' | 'warning' | 'silent';

export function useEnvelopeCall() {
  const [busy, setBusy] = useState(false);
  const call = async <E extends { success: boolean; message: string }>(
    send: () => Promise<E>,
    refusal: Refusal = 'error',
  ): Promise<E | null> => {
    setBusy(true);
    try {
      const env = await send();
      if (!env.success && refusal !== 'silent') feedback.message[refusal](env.message);
      return env;
    } catch (err) {
      showFailure(err);
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { busy, call };
}
