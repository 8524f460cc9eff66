import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * What crosses server instances: a push to users, or a table row update. A table update carries the table
 * (`pageId`) and the sender's `scope` (tenant and customer), so every instance delivers it only to sockets of
 * the same table and scope; `origin` names the sending connection, which never gets its own update back.
 */
export type HubEvent =
  | { kind: 'user'; userIds: string[] | 'all'; payload: unknown }
  | { kind: 'table'; origin: string; pageId: string; scope: string; payload: unknown }
  /** Rows of a channel (e.g. vehicle positions) for the sockets of that tenant whose filter lets each through. */
  | { kind: 'rows'; channel: string; tenantId: number; rows: Record<string, unknown>[] }
  /** A cache kept by every instance is stale (e.g. the gateway routes): each other instance reloads it. */
  | { kind: 'signal'; topic: string; origin: string };

export interface Backplane {
  readonly instanceId: string;
  publish(event: HubEvent): Promise<void>;
  subscribe(handler: (event: HubEvent) => void): void;
  close(): Promise<void>;
}

/** One process: events go straight back to this instance. */
export class LocalBackplane implements Backplane {
  readonly instanceId = randomUUID();
  private handlers: Array<(event: HubEvent) => void> = [];
  async publish(event: HubEvent): Promise<void> {
    for (const handler of this.handlers) handler(event);
  }
  subscribe(handler: (event: HubEvent) => void): void {
    this.handlers.push(handler);
  }
  async close(): Promise<void> {}
}

/** The key and channel prefix of one deployment on a Redis it may share (REDIS_PREFIX). */
export const DEFAULT_REDIS_PREFIX = 'freight:';

/**
 * Several instances: Redis pub/sub carries each event to every instance, this one included. Pub/sub ignores
 * Redis database numbers, so deployments (and test runs) sharing one Redis are kept apart by the prefix.
 */
export class RedisBackplane implements Backplane {
  readonly instanceId = randomUUID();
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly channel: string;
  private readonly subscribed: Promise<unknown>;
  private handlers: Array<(event: HubEvent) => void> = [];

  constructor(url: string, prefix = DEFAULT_REDIS_PREFIX) {
    this.channel = `${prefix}realtime`;
    this.pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
    this.sub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
    this.subscribed = this.sub.subscribe(this.channel).catch(() => undefined);
    this.sub.on('message', (_channel: string, raw: string) => {
      let event: HubEvent;
      try {
        event = JSON.parse(raw) as HubEvent;
      } catch {
        return;
      }
      for (const handler of this.handlers) handler(event);
    });
  }

  /** Resolves once both connections answer and this instance hears the channel. */
  async ready(): Promise<void> {
    await Promise.all([this.pub.ping(), this.subscribed]);
  }

  async publish(event: HubEvent): Promise<void> {
    await this.pub.publish(this.channel, JSON.stringify(event));
  }

  subscribe(handler: (event: HubEvent) => void): void {
    this.handlers.push(handler);
  }

  async close(): Promise<void> {
    this.sub.disconnect();
    this.pub.disconnect();
  }
}
