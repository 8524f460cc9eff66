// Answers of the monitoring calls (/monitor/*): what is true of the Node server, its machine and database.

export interface DiskInfo {
  mount: string;
  fsType: string;
  size: number;
  used: number;
  free: number;
  usedPercent: number;
}

/** One answered request: never its token, query string or body. */
export interface RequestTrace {
  /** Epoch milliseconds of the answer. */
  time: number;
  method: string;
  /** The path without its query; a route with parameters shows its pattern (`/sys/user/:id`), not the values. */
  path: string;
  status: number;
  durationMs: number;
  username: string | null;
}

export interface RuntimeInfo {
  nodeVersion: string;
  v8Version: string;
  pid: number;
  uptimeSeconds: number;
  memory: {
    rss: number;
    heapTotal: number;
    heapUsed: number;
    external: number;
    arrayBuffers: number;
    heapLimit: number;
  };
  cpuPercent: number;
  eventLoopDelayMs: { min: number; mean: number; p50: number; p90: number; p99: number; max: number };
  gc: Array<{ kind: string; count: number; totalMs: number }>;
}

export interface DatabaseInfo {
  kind: 'pglite' | 'postgres';
  name: string;
  version: string;
  sizeBytes: number;
  connections: number | null;
  maxConnections: number | null;
}

export interface SystemInfo {
  hostname: string;
  platform: string;
  release: string;
  arch: string;
  osUptimeSeconds: number;
  cpuModel: string;
  cpuCount: number;
  cpuPercent: number;
  loadAverage: number[];
  memory: { total: number; free: number; used: number };
  database: DatabaseInfo;
}

export type RedisMonitor =
  | { configured: false }
  | {
      configured: true;
      sections: Record<string, Record<string, string>>;
      keys: Array<{ db: string; keys: number; expires: number }>;
      dbSize: number;
    };

export interface HttpServerInfo {
  server: string;
  fastifyVersion: string;
  routes: number;
  connections: number | null;
  since: number;
  totalRequests: number;
  serverErrors: number;
  clientErrors: number;
  requestsPerSecond: number;
  errorRate: number;
  lastMinuteRequests: number;
  statuses: Record<string, number>;
  slowest: Array<{ route: string; count: number; avgMs: number; maxMs: number }>;
}
