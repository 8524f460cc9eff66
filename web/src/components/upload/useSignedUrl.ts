// The short-lived signed URL of a stored file (server: /sys/common/signUrl), for <img> tags and downloads
// that cannot send the token header. The server also sets the session cookie the link is checked against, so
// a link only works in the browser of the user it was made for.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../services/request';
import { useSession } from '../../stores/session';

/** Links live 10–15 minutes; refreshed well before, while the image is on screen. */
const REFRESH_MS = 4 * 60_000;

/** URLs and site paths are used as they are; anything else is a stored file's path. */
export const isStoredFile = (path: string) => path !== '' && !/^(https?:|data:|blob:|\/)/i.test(path);

export function useSignedUrl(path: string | null | undefined): string | undefined {
  const p = path?.trim() ?? '';
  const stored = isStoredFile(p);
  // Keyed by the session too: a link made for the previous user of this browser is refused.
  const token = useSession((s) => s.token);
  const query = useQuery({
    queryKey: ['signed-url', p, token],
    queryFn: () => api.get<{ url: string; expiresAt: number }>('/sys/common/signUrl', { path: p }),
    enabled: stored && !!token,
    staleTime: REFRESH_MS,
    refetchInterval: REFRESH_MS,
  });
  if (!p) return undefined;
  return stored ? query.data?.url : p;
}
