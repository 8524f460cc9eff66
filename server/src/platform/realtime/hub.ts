import type { WebSocket } from 'ws';
import type { Backplane, HubEvent } from './backplane.ts';

/** `/websocket/{userId}` push of spec §7 and reference §2. */
export interface UserPush {
  /** topic: announcement to all; user: to chosen users; counters: the header counts changed, fetch them again. */
  cmd: 'topic' | 'user' | 'counters';
  msgId: string;
  msgTxt: string;
}

interface TableSocket {
  socket: WebSocket;
  userId: string;
  pageId: string;
  /** Unique per connection, so the sender is never echoed its own update. */
  connectionId: string;
}

/** Holds this instance's sockets and delivers events that arrive over the backplane. */
export class RealtimeHub {
  private readonly users = new Map<string, Set<WebSocket>>();
  private readonly tables = new Map<string, TableSocket>();

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

  /** Pushes to the given users, or to everyone signed in on any instance. */
  pushToUsers(userIds: string[] | 'all', push: UserPush): Promise<void> {
    return this.backplane.publish({ kind: 'user', userIds, payload: push });
  }

  /** Rebroadcasts a table update to every other open table socket, on every instance. */
  broadcastTable(connectionId: string, payload: unknown): Promise<void> {
    return this.backplane.publish({
      kind: 'table',
      origin: `${this.backplane.instanceId}:${connectionId}`,
      payload,
    });
  }

  connectedUsers(): number {
    return this.users.size;
  }

  private deliver(event: HubEvent): void {
    if (event.kind === 'user') {
      const text = JSON.stringify(event.payload);
      const targets =
        event.userIds === 'all' ? [...this.users.values()] : event.userIds.map((id) => this.users.get(id));
      for (const set of targets)
        for (const socket of set ?? []) if (socket.readyState === 1) socket.send(text);
      return;
    }
    const text = JSON.stringify(event.payload);
    for (const entry of this.tables.values()) {
      if (`${this.backplane.instanceId}:${entry.connectionId}` === event.origin) continue;
      if (entry.socket.readyState === 1) entry.socket.send(text);
    }
  }
}
