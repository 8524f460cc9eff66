// Async antd form rules backed by the server's validators: `/sys/duplicate/check` (a value
// must be unique in a whitelisted table field; `dataId` excludes the record being edited) and
// `/sys/checkRule/checkByCode` (a code check rule of ordered rule JSON). The server's message is the form
// error. Calls wait for a pause in typing and remember recent answers, so a submit does not ask again.
import type { Rule } from 'antd/es/form';
import { errorText, getEnvelope } from '../../services/request';

/** Typing pause before the server is asked (ms). */
export const ASYNC_RULE_DEBOUNCE_MS = 300;
/** How long an answer is reused for the same question (ms). */
const CACHE_MS = 10_000;
const CACHE_LIMIT = 200;

type Answer = { at: number; error: string | null };
const answers = new Map<string, Answer>();

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The server's verdict on `url` + `params`: null when it passes, the server message when not.
 * A call superseded by a newer one of the same rule resolves null: antd keeps only the latest result.
 */
async function verdict(
  url: string,
  params: Record<string, string>,
  latest: { seq: number },
): Promise<string | null> {
  const key = `${url}?${new URLSearchParams(params).toString()}`;
  const cached = answers.get(key);
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.error;
  const seq = ++latest.seq;
  await pause(ASYNC_RULE_DEBOUNCE_MS);
  if (seq !== latest.seq) return null;
  let error: string | null;
  try {
    const envelope = await getEnvelope<unknown>(url, params);
    error = envelope.success ? null : envelope.message || '校验未通过';
  } catch (failure) {
    // The request layer has told the user (network, 5xx); the field shows the reason too and is not passed.
    return errorText(failure);
  }
  if (answers.size >= CACHE_LIMIT) answers.delete(answers.keys().next().value as string);
  answers.set(key, { at: Date.now(), error });
  return error;
}

/** Forgets remembered answers (after a save, a value that was free may be taken). */
export function clearAsyncRuleCache(): void {
  answers.clear();
}

export interface DuplicateRuleOptions {
  /** A table on the server's whitelist, e.g. `sys_position`. */
  tableName: string;
  /** Its field, snake or camel case, e.g. `code`. */
  fieldName: string;
  /** The record being edited, excluded from the check; a function is read at validation time. */
  dataId?: string | null | (() => string | null | undefined);
}

/** The value must not exist yet in `tableName.fieldName` (other than in the record `dataId`). */
export function duplicateRule({ tableName, fieldName, dataId }: DuplicateRuleOptions): Rule {
  const latest = { seq: 0 };
  return {
    validator: async (_rule, value: unknown) => {
      const text = value === null || value === undefined ? '' : String(value).trim();
      if (!text) return;
      const id = typeof dataId === 'function' ? dataId() : dataId;
      const params: Record<string, string> = { tableName, fieldName, fieldVal: text };
      if (id) params.dataId = id;
      const error = await verdict('/sys/duplicate/check', params, latest);
      if (error) throw new Error(error);
    },
  };
}

/** The value must pass the code check rule `ruleCode` (sys_check_rule). */
export function checkRule(ruleCode: string): Rule {
  const latest = { seq: 0 };
  return {
    validator: async (_rule, value: unknown) => {
      const text = value === null || value === undefined ? '' : String(value);
      if (!text) return;
      const error = await verdict('/sys/checkRule/checkByCode', { ruleCode, value: text }, latest);
      if (error) throw new Error(error);
    },
  };
}
