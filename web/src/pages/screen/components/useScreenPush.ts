// A large screen reads its figures again when the server pushes that they changed (a waybill step) and when
// its socket (re)connects, so a screen left running stays current without polling every few seconds.
import type { ScreenTopic } from '@freight/contracts';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useRowSocket } from '../../../services/rowSocket';

// Figures are read again when the server says they changed (useScreenPush); this slow poll is the fallback
// while the socket is down.
export const SCREEN_REFRESH_MS = 300_000;

export function useScreenPush(topic: ScreenTopic, keys: QueryKey[]): void {
  const client = useQueryClient();
  const current = useRef(keys);
  current.current = keys;
  const refresh = () => {
    for (const queryKey of current.current) void client.invalidateQueries({ queryKey });
  };
  // A reconnect may have missed pushes; the first connect comes right after the first read.
  const opened = useRef(false);
  const reopened = () => {
    if (opened.current) refresh();
    opened.current = true;
  };
  useRowSocket<{ topic: ScreenTopic }>(`/screen/${topic}/socket`, 'screen', refresh, reopened);
}

/** A screen's figures: read with the slow poll and again on each push of its topic (and of `alsoRead`). */
export function useScreenFigures<T>(topic: ScreenTopic, read: () => Promise<T>, alsoRead: QueryKey[] = []) {
  const figures = useQuery({
    queryKey: ['screen', topic],
    queryFn: read,
    refetchInterval: SCREEN_REFRESH_MS,
  });
  useScreenPush(topic, [['screen', topic], ...alsoRead]);
  return figures;
}
