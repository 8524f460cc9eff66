import { readFile, statfs } from 'node:fs/promises';
import os from 'node:os';
import { type IntervalHistogram, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';
import type { DiskInfo } from '@freight/contracts';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Db } from '../../../platform/db/client.ts';
import { rowsOf } from '../../../platform/db/rows.ts';

// What is true of this Node process and its machine, read on demand for the monitoring screens.

/** File systems that hold data (pseudo file systems such as proc, cgroup and tmpfs are left out). */
const DISK_TYPES =
  /^(ext[234]|xfs|btrfs|zfs|overlay|apfs|hfs|vfat|exfat|ntfs|ntfs3|f2fs|nfs4?|cifs|smb3|9p|virtiofs|fuse\..*|fuseblk)$/;

async function diskOf(mount: string, fsType: string): Promise<DiskInfo | null> {
  try {
    const s = await statfs(mount);
    const size = s.blocks * s.bsize;
    if (size === 0) return null;
    const used = (s.blocks - s.bfree) * s.bsize;
    const free = s.bavail * s.bsize;
    return { mount, fsType, size, used, free, usedPercent: Math.round((used / (used + free)) * 1000) / 10 };
  } catch {
    return null;
  }
}

/** Size, used and free space of every mounted disk (Linux: /proc/mounts), and always of the data folder. */
export async function disks(dataDir: string): Promise<DiskInfo[]> {
  const found: Array<[string, string]> = [];
  try {
    for (const line of (await readFile('/proc/mounts', 'utf8')).split('\n')) {
      const [, mount, fsType] = line.split(' ');
      if (mount && fsType && DISK_TYPES.test(fsType)) found.push([mount.replace(/\\040/g, ' '), fsType]);
    }
  } catch {
    // Not Linux: the root and the data folder's disk only.
  }
  if (!found.some(([m]) => m === '/')) found.unshift(['/', 'root']);
  const rows: DiskInfo[] = [];
  const seen = new Set<string>();
  for (const [mount, fsType] of found) {
    const row = await diskOf(mount, fsType);
    // Bind mounts of one disk show the same figures: listed once.
    const key = row ? `${row.size}:${row.used}:${row.free}` : '';
    if (row && !seen.has(key)) {
      seen.add(key);
      rows.push(row);
    }
  }
  const data = await diskOf(dataDir, 'data');
  if (data && !seen.has(`${data.size}:${data.used}:${data.free}`)) rows.push({ ...data, mount: dataDir });
  return rows;
}

/** Event-loop delay and garbage collections of this process, measured from start. */
export class RuntimeProbe {
  private readonly delay: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  private readonly gc = new Map<string, { count: number; totalMs: number }>();
  private readonly observer: PerformanceObserver;
  private lastCpu = process.cpuUsage();
  private lastCpuAt = process.hrtime.bigint();
  private lastTimes = cpuTimes();

  constructor() {
    this.delay.enable();
    this.observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const kind = gcKind((entry as { detail?: { kind?: number } }).detail?.kind);
        const stat = this.gc.get(kind) ?? { count: 0, totalMs: 0 };
        stat.count += 1;
        stat.totalMs += entry.duration;
        this.gc.set(kind, stat);
      }
    });
    this.observer.observe({ entryTypes: ['gc'] });
  }

  stop(): void {
    this.delay.disable();
    this.observer.disconnect();
  }

  runtime() {
    const memory = process.memoryUsage();
    const heap = v8.getHeapStatistics();
    const ms = (ns: number) => Math.round((ns / 1e6) * 100) / 100;
    const loop = {
      min: ms(this.delay.min),
      mean: ms(this.delay.mean),
      p50: ms(this.delay.percentile(50)),
      p90: ms(this.delay.percentile(90)),
      p99: ms(this.delay.percentile(99)),
      max: ms(this.delay.max),
    };
    const now = process.hrtime.bigint();
    const cpu = process.cpuUsage(this.lastCpu);
    const elapsedUs = Number(now - this.lastCpuAt) / 1000;
    this.lastCpu = process.cpuUsage();
    this.lastCpuAt = now;
    return {
      nodeVersion: process.version,
      v8Version: process.versions.v8,
      pid: process.pid,
      uptimeSeconds: Math.round(process.uptime()),
      memory: {
        rss: memory.rss,
        heapTotal: memory.heapTotal,
        heapUsed: memory.heapUsed,
        external: memory.external,
        arrayBuffers: memory.arrayBuffers,
        heapLimit: heap.heap_size_limit,
      },
      /** Share of one core this process used since the previous reading. */
      cpuPercent: elapsedUs > 0 ? Math.round(((cpu.user + cpu.system) / elapsedUs) * 1000) / 10 : 0,
      eventLoopDelayMs: loop,
      gc: [...this.gc.entries()].map(([kind, s]) => ({
        kind,
        count: s.count,
        totalMs: Math.round(s.totalMs * 100) / 100,
      })),
    };
  }

  system() {
    const times = cpuTimes();
    const busy = times.busy - this.lastTimes.busy;
    const total = times.total - this.lastTimes.total;
    this.lastTimes = times;
    const cpus = os.cpus();
    return {
      hostname: os.hostname(),
      platform: os.platform(),
      release: os.release(),
      arch: os.arch(),
      osUptimeSeconds: Math.round(os.uptime()),
      cpuModel: cpus[0]?.model ?? '',
      cpuCount: cpus.length,
      /** Share of all cores busy since the previous reading (or since boot on the first). */
      cpuPercent: total > 0 ? Math.round((busy / total) * 1000) / 10 : 0,
      loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
      memory: { total: os.totalmem(), free: os.freemem(), used: os.totalmem() - os.freemem() },
    };
  }
}

function cpuTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const { user, nice, sys, idle, irq } = cpu.times;
    busy += user + nice + sys + irq;
    total += user + nice + sys + irq + idle;
  }
  return { busy, total };
}

function gcKind(kind: number | undefined): string {
  switch (kind) {
    case 1:
      return 'minor';
    case 2:
      return 'major';
    case 4:
      return 'incremental';
    case 8:
      return 'weakcb';
    default:
      return 'other';
  }
}

/** The database's engine, version, size and open connections. */
export async function database(db: Db, kind: 'pglite' | 'postgres') {
  const [info] = rowsOf<{ version: string; size: string | number; name: string }>(
    await db.execute(
      sql`select version() as version, pg_database_size(current_database()) as size, current_database() as name`,
    ),
  );
  let connections: number | null = null;
  let maxConnections: number | null = null;
  try {
    const [row] = rowsOf<{ n: string | number; max: string }>(
      await db.execute(
        sql`select count(*) as n, current_setting('max_connections') as max from pg_stat_activity where datname = current_database()`,
      ),
    );
    connections = Number(row?.n ?? 0);
    maxConnections = Number(row?.max ?? 0) || null;
  } catch {
    // Statistics views may be closed to the connecting role.
  }
  // The embedded database serves this process alone, through one connection.
  if (kind === 'pglite') {
    connections = 1;
    maxConnections = null;
  }
  return {
    kind,
    name: info?.name ?? '',
    version: (info?.version ?? '').split(' on ')[0],
    sizeBytes: Number(info?.size ?? 0),
    connections,
    maxConnections,
  };
}

/** `INFO` of the configured Redis, by section, with key counts per database; null when Redis is not configured. */
export async function redisInfo(url: string | undefined) {
  if (!url) return null;
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3000 });
  try {
    await client.connect();
    const text = await client.info();
    const sections: Record<string, Record<string, string>> = {};
    let current = 'default';
    for (const raw of text.split(/\r?\n/)) {
      const line = raw.trim();
      if (!line) continue;
      if (line.startsWith('#')) {
        current = line.slice(1).trim().toLowerCase();
        sections[current] = {};
        continue;
      }
      const i = line.indexOf(':');
      if (i <= 0) continue;
      const section = sections[current] ?? {};
      section[line.slice(0, i)] = line.slice(i + 1);
      sections[current] = section;
    }
    const keys = Object.entries(sections.keyspace ?? {}).map(([db, value]) => ({
      db,
      keys: Number(/keys=(\d+)/.exec(value)?.[1] ?? 0),
      expires: Number(/expires=(\d+)/.exec(value)?.[1] ?? 0),
    }));
    return { sections, keys, dbSize: await client.dbsize() };
  } finally {
    client.disconnect();
  }
}
