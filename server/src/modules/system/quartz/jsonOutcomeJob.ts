import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { JobDefinition } from '../../../platform/jobs/scheduler.ts';

/** How a job is named in the scheduled-jobs list and what it says it does. */
export type JobLabel = Pick<JobDefinition, 'key' | 'title' | 'description'>;

/**
 * A job that takes no parameters and whose run's log row is its outcome as JSON: the shape of most modules'
 * background work (scans, retries, deliveries).
 */
export function jsonOutcomeJob(
  label: JobLabel,
  work: (log: FastifyBaseLogger) => Promise<unknown>,
): JobDefinition {
  return {
    ...label,
    params: z.object({}).strict(),
    async run(_params, log) {
      return JSON.stringify(await work(log));
    },
  };
}
