import type { WebSocket } from 'ws';
import type { Backplane, HubEvent } from './backplane.ts';

/** `/websocket/{userId}` push and. */
export interface UserPush {
  /** topic: announcement to all; user: to chosen users; counters: the header counts changed, fetch them again. */
  cmd: 'topic' | 'user' | 'counters';
  msgId: string;
  msgTxt: string;
  /**
   * The message category (NOTIFY_CATEGORIES of the contracts): a user who muted it is not sent the push.
   * Absent: delivered to everyone addressed (counters, mandatory messages).
   */
  category?: string;
}

/** Which of `userIds` muted `category` (个人设置 › 消息通知); filled by the module that keeps the choice. */
export type MuteLookup = (category: string, userIds: string[]) => Promise<Set<string>>;

export interface TableSocket {
  socket: WebSocket;
  userId: string;
  /** The table: `/vxeSocket/{userId}/{pageId}`; updates reach only sockets of the same pageId. */
  pageId: string;
  /** Who may see this socket's rows (tenant and customer, see {@link tableScope}); updates never cross it. */
  scope: string;
  /** Unique per connection, so the sender is never echoed its own update. */
  connectionId: string;
}

/**
 * The isolation boundary of table row updates: the tenant the socket acts in and, for customer staff, their
 * customer. Two sockets exchange rows only when both are equal, so a row edited in one tenant (or by one
 * shipper) never reaches the browser of another, whatever the client would filter.
 */
export function tableScope(tenantId: number, cid: string | null | undefined): string {
  return `t${tenantId}:c${cid ?? '-'}`;
}

/**
 * A socket following the rows of a channel in one tenant; `sees` decides row by row what its user may see
 * (the same party rule as the channel's list).
 */
export interface RowSocket {
  socket: WebSocket;
  channel: string;
  tenantId: number;
  sees: (row: Record<string, unknown>) => boolean;
}

/** Holds this instance's sockets and delivers events that arrive over the backplane. */
export class RealtimeHub {
  private readonly users = new Map<string, Set<WebSocket>>();
  private readonly tables = new Map<string, TableSocket>();
  private readonly rowSockets = new Set<RowSocket>();
  private readonly signalHandlers = new Map<string, Array<() => void>>();
  private muteLookup: MuteLookup | null = null;

  constructor(readonly backplane: Backplane) {
    backplane.subscribe((event) => this.deliver(event));
  }

  addUserSocket(userId: string, socket: WebSocket): void {
    const set = this.users.get(userId) ?? new Set<WebSocket>();
    set.add(socket);
    this.users.set(userId, set);
    socket.on('close', () => {
      set.delete(socket);
      if (set.size === 0) this.users.delete(userId);
    });
  }

  addTableSocket(entry: TableSocket): void {
    this.tables.set(entry.connectionId, entry);
    entry.socket.on('close', () => this.tables.delete(entry.connectionId));
  }

  addRowSocket(entry: RowSocket): void {
    this.rowSockets.add(entry);
    entry.socket.on('close', () => this.rowSockets.delete(entry));
  }

  /** Sends changed rows of a channel to the sockets of the tenant, on every instance. */
  publishRows(channel: string, tenantId: number, rows: Record<string, unknown>[]): Promise<void> {
    if (rows.length === 0) return Promise.resolve();
    return this.backplane.publish({ kind: 'rows', channel, tenantId, rows });
  }

  /** Sets who muted which category; pushes with a category skip those users (checked where they are connected). */
  setMuteLookup(lookup: MuteLookup): void {
    this.muteLookup = lookup;
  }

  /** Pushes to the given users, or to everyone signed in on any instance. */
  pushToUsers(userIds: string[] | 'all', push: UserPush): Promise<void> {
    return this.backplane.publish({ kind: 'user', userIds, payload: push });
  }

  /**
   * Rebroadcasts a table update from the socket `connectionId` to the other open sockets of the same table
   * and scope, on every instance. An unknown (already closed) connection sends nothing.
   */
  async broadcastTable(connectionId: string, payload: unknown): Promise<void> {
    const sender = this.tables.get(connectionId);
    if (!sender) return;
    await this.backplane.publish({
      kind: 'table',
      origin: `${this.backplane.instanceId}:${connectionId}`,
      pageId: sender.pageId,
      scope: sender.scope,
      payload,
    });
  }

  /** Tells every other instance that `topic` changed; see {@link onSignal}. */
  signal(topic: string): Promise<void> {
    return this.backplane.publish({ kind: 'signal', topic, origin: this.backplane.instanceId });
  }

  /** Runs `handler` whenever another instance signals `topic` (an instance-wide cache reloads here). */
  onSignal(topic: string, handler: () => void): void {
    const list = this.signalHandlers.get(topic) ?? [];
    list.push(handler);
    this.signalHandlers.set(topic, list);
  }

  /**
   * A cache every instance keeps (gateway routes, dictionaries, job schedules): answers the function to call
   * after a change, which reloads it here (awaited, so the caller's next read sees the change) and tells the
   * other instances to reload theirs, within a second over Redis. Failures are logged, never thrown.
   */
  sharedCache(topic: string, reload: () => Promise<void>, log: { error(o: object, m: string): void }) {
    const reloadLogged = () =>
      reload().catch((error: unknown) => log.error({ err: error, topic }, 'cache reload failed'));
    this.onSignal(topic, () => void reloadLogged());
    return async (): Promise<void> => {
      await reloadLogged();
      await this.signal(topic).catch((error: unknown) =>
        log.error({ err: error, topic }, 'cache change signal failed'),
      );
    };
  }

  connectedUsers(): number {
    return this.users.size;
  }

  private deliver(event: HubEvent): void {
    if (event.kind === 'signal') {
      // This instance reloaded before it signalled.
      if (event.origin === this.backplane.instanceId) return;
      for (const handler of this.signalHandlers.get(String(event.topic)) ?? []) handler();
      return;
    }
    if (event.kind === 'rows') {
      if (!Array.isArray(event.rows)) return;
      for (const entry of this.rowSockets) {
        if (entry.channel !== event.channel || entry.tenantId !== event.tenantId) continue;
        if (entry.socket.readyState !== 1) continue;
        const visible = event.rows.filter(entry.sees);
        if (visible.length) entry.socket.send(JSON.stringify({ type: event.channel, rows: visible }));
      }
      return;
    }
    if (event.kind === 'user') {
      // The category decides who is sent it; the wire keeps the reference's {cmd, msgId, msgTxt}.
      const { category, ...wire } = (event.payload ?? {}) as Partial<UserPush>;
      const text = JSON.stringify(wire);
      const here = (event.userIds === 'all' ? [...this.users.keys()] : event.userIds).filter((id) =>
        this.users.has(id),
      );
      const send = (ids: string[]) => {
        for (const id of ids)
          for (const socket of this.users.get(id) ?? []) if (socket.readyState === 1) socket.send(text);
      };
      if (typeof category !== 'string' || !this.muteLookup || here.length === 0) {
        send(here);
        return;
      }
      // A failed lookup delivers: a missed mute is better than a lost message.
      this.muteLookup(category, here).then(
        (muted) => send(here.filter((id) => !muted.has(id))),
        () => send(here),
      );
      return;
    }
    // An event without a table or scope (an older instance, a forged message) is delivered to no one.
    if (typeof event.pageId !== 'string' || typeof event.scope !== 'string') return;
    const text = JSON.stringify(event.payload);
    for (const entry of this.tables.values()) {
      if (entry.pageId !== event.pageId || entry.scope !== event.scope) continue;
      if (`${this.backplane.instanceId}:${entry.connectionId}` === event.origin) continue;
      if (entry.socket.readyState === 1) entry.socket.send(text);
    }
  }
}
