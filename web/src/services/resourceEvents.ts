// A change to a resource refreshes every place that shows it: this tab's queries and open lists, and the
// console's other browser tabs through a BroadcastChannel. Dictionary changes also reload the dictionary
// cache that selects read.
import { queryClient } from '../app/queryClient';
import { useSession } from '../stores/session';
import { platformApi } from './platformApi';

type Listener = (path: string) => void;

const CHANNEL = 'freight-resource-changes';
const listeners = new Set<Listener>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);

/** Whether a query key names the resource (its API path is one of the key's strings). */
function touches(key: readonly unknown[], path: string): boolean {
  return key.some((part) => typeof part === 'string' && (part === path || part.startsWith(`${path}/`)));
}

async function refresh(path: string): Promise<void> {
  await queryClient.invalidateQueries({ predicate: (query) => touches(query.queryKey, path) });
  for (const listener of listeners) listener(path);
  if (path.startsWith('/sys/dict')) {
    const dicts = await platformApi.allDictItems().catch(() => null);
    if (dicts) useSession.getState().setDictItems(dicts);
    await queryClient.invalidateQueries({ queryKey: ['dict'] });
  }
}

channel?.addEventListener('message', (event: MessageEvent<{ path?: unknown }>) => {
  if (typeof event.data?.path === 'string') void refresh(event.data.path);
});

/** Announces that the resource under `path` (e.g. `/sys/dictItem`) changed, here and in the other tabs. */
export function announceChange(path: string): void {
  void refresh(path);
  channel?.postMessage({ path });
}

/** Calls `listener` with the path of every change, here or in another tab; returns its removal. */
export function onResourceChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
