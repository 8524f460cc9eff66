import { hostname } from 'node:os';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';

/** Cron expressions as the reference's editor writes them (Quartz: seconds field, `?`, `0/5`, MON=2), in China time. */
export const CRON_OPTIONS = {
  timezone: 'Asia/Shanghai',
  sloppyRanges: true,
  alternativeWeekdays: true,
} as const;

/** A job the code knows how to run; a scheduled job (table row) names it by `key`. */
export interface JobDefinition {
  key: string;
  title: string;
  description: string;
  /** Schema of the parameter JSON; none = the job takes no parameters. */
  params?: z.ZodType;
  /** Returns a short summary for the run's log row; throws on failure. */
  run(params: unknown, log: FastifyBaseLogger): Promise<string | undefined>;
}

export interface ScheduledJob {
  id: string;
  jobKey: string;
  cron: string;
  parameter: string | null;
  /** When the job was (re)started: triggers before it are not misfires. */
  since: Date;
}

export interface RunOutcome {
  success: boolean;
  message?: string;
  error?: string;
  startTime: Date;
  endTime: Date;
  durationMs: number;
}

/** Where schedules and run history live (the system module's sys_quartz_job tables). */
export interface JobStore {
  /** Jobs whose status is "running". */
  activeJobs(): Promise<ScheduledJob[]>;
  /** Fire time of the latest cron trigger (run or reported missed) of the job, if any. */
  lastRun(jobId: string): Promise<Date | null>;
  /**
   * Claims one trigger for this instance and records it as started; null when another instance holds
   * or already ran it. `fireTime` null is a manual run.
   */
  claim(
    job: ScheduledJob,
    fireTime: Date | null,
    trigger: 'cron' | 'manual',
    instance: string,
  ): Promise<string | null>;
  finish(runId: string, outcome: RunOutcome): Promise<void>;
  /** Records a trigger missed while no instance was running (once per job and missed time). */
  recordMisfire(job: ScheduledJob, missedAt: Date, instance: string): Promise<void>;
}

export function validateCron(expression: string): string | null {
  try {
    const cron = new Cron(expression, { ...CRON_OPTIONS, paused: true });
    if (!cron.nextRun()) return 'Cron表达式没有下一次执行时间';
    return null;
  } catch (error) {
    return `Cron表达式不正确：${(error as Error).message}`;
  }
}

/** Parses and checks a job's parameter JSON against its definition. */
export function parseJobParams(def: JobDefinition, parameter: string | null | undefined): unknown {
  const text = parameter?.trim();
  let value: unknown = {};
  if (text) {
    try {
      value = JSON.parse(text);
    } catch {
      throw new Error('参数不是有效的JSON');
    }
  }
  if (!def.params) return value;
  const parsed = def.params.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`参数不正确：${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim());
  }
  return parsed.data;
}

const SYNC_INTERVAL_MS = 30_000;

/**
 * Runs the scheduled jobs of the table with croner. Every trigger is claimed through the store (a
 * PostgreSQL advisory lock and a unique (job, fire time) row), so with several server instances a
 * trigger runs once. Schedules are re-read every 30 s and after every change, so all instances follow.
 */
export class JobScheduler {
  readonly instance = `${hostname()}:${process.pid}`.slice(0, 100);
  private readonly registry = new Map<string, JobDefinition>();
  private readonly crons = new Map<string, { cron: Cron; signature: string }>();
  private store: JobStore | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private syncing: Promise<void> | null = null;

  constructor(private readonly log: FastifyBaseLogger) {}

  register(def: JobDefinition): void {
    if (this.registry.has(def.key)) throw new Error(`job ${def.key} registered twice`);
    this.registry.set(def.key, def);
  }

  definitions(): JobDefinition[] {
    return [...this.registry.values()];
  }

  definition(key: string): JobDefinition | undefined {
    return this.registry.get(key);
  }

  useStore(store: JobStore): void {
    this.store = store;
  }

  get started(): boolean {
    return this.running;
  }

  /** Reports the triggers missed while down, then schedules every running job. */
  async start(): Promise<void> {
    if (this.running || !this.store) return;
    this.running = true;
    const now = new Date();
    for (const job of await this.store.activeJobs()) {
      try {
        const last = await this.store.lastRun(job.id);
        const base = last && last > job.since ? last : job.since;
        const missed = new Cron(job.cron, { ...CRON_OPTIONS, paused: true }).nextRun(base);
        if (missed && missed < now) await this.store.recordMisfire(job, missed, this.instance);
      } catch (error) {
        this.log.error({ err: error, jobId: job.id }, 'misfire check failed');
      }
    }
    await this.sync();
    this.timer = setInterval(() => void this.sync(), SYNC_INTERVAL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const { cron } of this.crons.values()) cron.stop();
    this.crons.clear();
    await this.syncing;
  }

  /** Re-reads the schedules (after an edit, pause or resume, and periodically). */
  async sync(): Promise<void> {
    if (!this.running || !this.store) return;
    const store = this.store;
    // One re-read at a time: two at once (a change signal during the periodic one) could both schedule a job.
    const previous = this.syncing ?? Promise.resolve();
    const work = previous.then(async () => {
      if (!this.running) return;
      const jobs = await store.activeJobs();
      // Stopped while reading: schedule nothing that `stop` would not clear.
      if (!this.running) return;
      const seen = new Set<string>();
      for (const job of jobs) {
        seen.add(job.id);
        const signature = `${job.cron}|${job.jobKey}|${job.parameter ?? ''}`;
        const current = this.crons.get(job.id);
        if (current?.signature === signature) continue;
        current?.cron.stop();
        try {
          const cron = new Cron(job.cron, { ...CRON_OPTIONS, protect: true, unref: true }, (self) => {
            const fireTime = self.currentRun() ?? new Date();
            void this.fire(job, fireTime);
          });
          this.crons.set(job.id, { cron, signature });
        } catch (error) {
          this.crons.delete(job.id);
          this.log.error({ err: error, jobId: job.id }, 'cannot schedule job');
        }
      }
      for (const [id, entry] of this.crons) {
        if (!seen.has(id)) {
          entry.cron.stop();
          this.crons.delete(id);
        }
      }
    });
    this.syncing = work.catch((error) => this.log.error({ err: error }, 'job sync failed'));
    await this.syncing;
  }

  /** Ids of the jobs scheduled in this instance (for tests and diagnostics). */
  scheduledIds(): string[] {
    return [...this.crons.keys()];
  }

  private async fire(job: ScheduledJob, fireTime: Date): Promise<void> {
    if (!this.store || !this.running) return;
    try {
      const runId = await this.store.claim(job, fireTime, 'cron', this.instance);
      if (runId) await this.execute(job, runId);
    } catch (error) {
      this.log.error({ err: error, jobId: job.id }, 'job trigger failed');
    }
  }

  /** Runs a job once now (the "execute" button); null when it is already running elsewhere. */
  async runNow(job: ScheduledJob): Promise<string | null> {
    if (!this.store) throw new Error('job store not set');
    const runId = await this.store.claim(job, null, 'manual', this.instance);
    if (runId) await this.execute(job, runId);
    return runId;
  }

  private async execute(job: ScheduledJob, runId: string): Promise<void> {
    const store = this.store as JobStore;
    const startTime = new Date();
    const started = performance.now();
    let outcome: Omit<RunOutcome, 'startTime' | 'endTime' | 'durationMs'>;
    try {
      const def = this.registry.get(job.jobKey);
      if (!def) throw new Error(`未注册的任务：${job.jobKey}`);
      const message = await def.run(parseJobParams(def, job.parameter), this.log);
      outcome = { success: true, message };
    } catch (error) {
      this.log.error({ err: error, jobId: job.id }, 'job failed');
      outcome = { success: false, error: (error as Error).message || String(error) };
    }
    await store.finish(runId, {
      ...outcome,
      startTime,
      endTime: new Date(),
      durationMs: Math.round(performance.now() - started),
    });
  }
}
