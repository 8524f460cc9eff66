// The short-lived signed URL of a stored file (server: /sys/common/signUrl), for <img> tags and downloads
// that cannot send the token header.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../services/request';

export function useSignedUrl(path: string | null | undefined): string | undefined {
  const p = path?.trim() ?? '';
  const external = /^(https?:|data:|blob:)/i.test(p);
  const query = useQuery({
    queryKey: ['signed-url', p],
    queryFn: () => api.get<{ url: string; expiresAt: number }>('/sys/common/signUrl', { path: p }),
    enabled: p !== '' && !external,
    staleTime: 60_000,
  });
  if (!p) return undefined;
  return external ? p : query.data?.url;
}
