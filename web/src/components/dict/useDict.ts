// Dictionary items of a code: the 7-day cache stored at login first, then the server.
import { type DictItem, MSG } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../services/request';
import { dictLabel } from '../../stores/dicts';
import { useSession } from '../../stores/session';

/** Items of `code`; `error` is the message to show when the code is missing. */
export function useDictItems(code: string | null | undefined): {
  items: DictItem[];
  loading: boolean;
  error: string | null;
} {
  const trimmed = code?.trim() ?? '';
  const cached = useSession((s) => (trimmed ? s.dictItems[trimmed] : undefined));
  const query = useQuery({
    queryKey: ['dict', trimmed],
    queryFn: () => api.get<DictItem[]>(`/sys/dict/getDictItems/${encodeURIComponent(trimmed)}`),
    enabled: trimmed !== '' && !cached,
    staleTime: 5 * 60_000,
  });
  if (!trimmed) return { items: [], loading: false, error: MSG.dictCodeRequired };
  return { items: cached ?? query.data ?? [], loading: !cached && query.isLoading, error: null };
}

export function dictText(items: readonly DictItem[], value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const wanted = String(value);
  const found = items.find((i) => String(i.value) === wanted);
  return found ? dictLabel(found) : wanted;
}
