// Sessions are read on every request. On PostgreSQL, which other instances write too, a session may be answered
// from memory only while this process hears of every change to users and tokens: triggers on both tables
// notify at commit (migration session_change_notify), a connection of its own listens, and this process's
// own writes tick at once, before their commit is even heard of. While the listener is down nothing is
// answered from memory.
import pg from 'pg';
import { isPlainRead, WriteClock } from './writeClock.ts';

export const SESSION_CHANGE_CHANNEL = 'freight_session_change';
const RECONNECT_MS = 1_000;

/** A write clock that ticks on changes to sessions only, and says whether it can be trusted right now. */
export class SessionClock extends WriteClock {
  listening = false;
}

const clocks = new WeakMap<object, SessionClock>();

/** The session clock of a PostgreSQL database handle, when its listener is up. */
export function listeningSessionClockOf(db: object): SessionClock | undefined {
  const clock = clocks.get(db);
  return clock?.listening ? clock : undefined;
}

export function attachSessionClock(db: object, clock: SessionClock): void {
  clocks.set(db, clock);
}

// Statements that may change a user or a token: sys_user and sys_user_token by name (not sys_user_role…).
const SESSION_TABLES = /\bsys_user(_token)?\b/i;

function statementText(args: unknown[]): string {
  const first = args[0];
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && 'text' in first) return String((first as { text: unknown }).text);
  return '';
}

/** A pg client or pool whose `query` ticks the clock after a statement that may have changed a session. */
function tickingQueries<T extends { query: (...args: never[]) => unknown }>(target: T, clock: WriteClock): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== 'function') return value;
      const method = value.bind(object) as (...args: unknown[]) => unknown;
      if (property === 'connect') {
        return async (...args: unknown[]) => {
          const client = (await method(...args)) as pg.PoolClient;
          return tickingQueries(client, clock);
        };
      }
      if (property !== 'query') return method;
      return (...args: unknown[]) => {
        const text = statementText(args);
        const changes = SESSION_TABLES.test(text) && !isPlainRead(text);
        const result = method(...args);
        if (!changes || !(result instanceof Promise)) return result;
        return result.finally(() => clock.tick());
      };
    },
  });
}

/**
 * The pool, wrapped so that this process's writes to users and tokens tick the clock, and a listener that
 * ticks it on every other change. Answers the wrapped pool and a function that stops the listener.
 */
export function watchSessions(
  pool: pg.Pool,
  url: string,
  clock: SessionClock,
): { pool: pg.Pool; stop: () => Promise<void> } {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;

  const lost = () => {
    clock.listening = false;
    clock.tick();
    const gone = client;
    client = null;
    gone?.removeAllListeners();
    void gone?.end().catch(() => undefined);
    if (!stopped && !retry) retry = setTimeout(connect, RECONNECT_MS);
  };

  async function connect(): Promise<void> {
    retry = null;
    if (stopped) return;
    const listener = new pg.Client({ connectionString: url });
    client = listener;
    listener.on('error', lost);
    listener.on('end', () => {
      if (client === listener) lost();
    });
    listener.on('notification', () => clock.tick());
    try {
      await listener.connect();
      await listener.query(`LISTEN ${SESSION_CHANGE_CHANNEL}`);
      if (client !== listener || stopped) return;
      // Whatever changed while nobody listened is unknown: start from a new version.
      clock.tick();
      clock.listening = true;
    } catch {
      if (client === listener) lost();
    }
  }

  void connect();
  return {
    pool: tickingQueries(pool, clock),
    async stop() {
      stopped = true;
      clock.listening = false;
      if (retry) clearTimeout(retry);
      const last = client;
      client = null;
      last?.removeAllListeners();
      await last?.end().catch(() => undefined);
    },
  };
}
