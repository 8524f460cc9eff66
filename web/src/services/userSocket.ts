// The notification socket `/websocket/{userId}`: the server pushes
// `{cmd, msgId, msgTxt}` when an announcement is released (topic = everyone, user = chosen users) or the
// header counters moved (counters). The bell's cached announcements and counts are dropped at once, and a
// released announcement pops up with a "details" button — no page reload needed.
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { createElement, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../stores/session';
import { keepSocketOpen } from './keptSocket';
import { API_BASE } from './request';

export interface UserPush {
  cmd: 'topic' | 'user' | 'counters' | 'heartcheck';
  msgId?: string;
  msgTxt?: string;
}

const RETRY_MS = 5_000;
/** Close code of a socket refused for another user's id: retrying cannot help. */
const FORBIDDEN = 4403;

export function socketUrl(
  userId: string,
  base: string = API_BASE,
  location: Location = window.location,
): string {
  const absolute = /^https?:\/\//i.test(base) ? base : `${location.protocol}//${location.host}${base}`;
  return `${absolute.replace(/^http/i, 'ws').replace(/\/+$/, '')}/websocket/${encodeURIComponent(userId)}`;
}

export function parsePush(data: unknown): UserPush | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as Partial<UserPush>;
    return typeof value?.cmd === 'string' ? (value as UserPush) : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the signed-in user's notification socket open (reconnecting with back-off) and reacts to pushes.
 * `onOpen` shows the announcement of a push (the bell's detail dialog).
 */
export function useAnnouncementPush(onOpen: (announcementId: string) => void): void {
  const token = useSession((s) => s.token);
  const userId = useSession((s) => s.userInfo?.id);
  const queryClient = useQueryClient();
  const { notification } = App.useApp();
  const { i18n } = useTranslation();
  const openRef = useRef(onOpen);
  openRef.current = onOpen;
  const english = i18n.language?.startsWith('en');
  const englishRef = useRef(english);
  englishRef.current = english;

  useEffect(() => {
    if (!token || !userId || typeof WebSocket === 'undefined') return;
    const announce = (push: UserPush) => {
      void queryClient.invalidateQueries({ queryKey: ['announcements'] });
      const en = englishRef.current;
      const key = `annt-${push.msgId}`;
      notification.info({
        key,
        message: en ? 'New announcement' : '您有一条新的公告',
        description: push.msgTxt,
        placement: 'topRight',
        duration: 8,
        btn: push.msgId
          ? createElement(
              Button,
              {
                type: 'primary',
                size: 'small',
                'data-testid': 'push-open',
                onClick: () => {
                  notification.destroy(key);
                  openRef.current(String(push.msgId));
                },
              },
              en ? 'Details' : '查看详情',
            )
          : undefined,
        props: { 'data-testid': 'announcement-push' },
      });
    };

    // The server answers "HeartBeat" with heartcheck; the first beat's answer tells that the server has the
    // socket (and tests wait for it).
    return keepSocketOpen({
      url: socketUrl(userId),
      token,
      retryMs: RETRY_MS,
      refusedCode: FORBIDDEN,
      beatAtOnce: true,
      onMessage: (data) => {
        const push = parsePush(data);
        if (!push) return;
        if (push.cmd === 'heartcheck') return;
        // Every push may come with moved counters (the header reloads its counts on each).
        void queryClient.invalidateQueries({ queryKey: ['pendingCounts'] });
        if (push.cmd === 'topic' || push.cmd === 'user') announce(push);
      },
    });
  }, [token, userId, queryClient, notification]);
}
