import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/** Deeper than any form or filter the console sends; past it a body is refused rather than walked. */
const MAX_DEPTH = 32;

export interface InputFault {
  /** Where: `items[2].name`; '' for the whole value. */
  path: string;
  fault: 'nul' | 'depth';
}

/**
 * The first string (value or key) holding a NUL character, or a structure nested past MAX_DEPTH. PostgreSQL
 * cannot store NUL in text: left to the database it is a failed statement, not an answer.
 */
export function findInputFault(value: unknown, path = '', depth = 0): InputFault | null {
  if (typeof value === 'string') return value.includes('\u0000') ? { path, fault: 'nul' } : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH) return { path, fault: 'depth' };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findInputFault(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return { path: here.replaceAll('\u0000', '\\u0000'), fault: 'nul' };
    const found = findInputFault(item, here, depth + 1);
    if (found) return found;
  }
  return null;
}

const FAULT_MESSAGES: Record<InputFault['fault'], string> = {
  nul: '不能包含空字符（\\u0000）',
  depth: '数据嵌套层级过深',
};

/**
 * Refuses, before any schema or handler, input no column can hold: NUL characters in any string of the path,
 * the query or the body, and structures nested past MAX_DEPTH. One rule for every route, whatever its schema.
 */
export function installInputChecks(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const found =
      findInputFault(request.params) ?? findInputFault(request.query) ?? findInputFault(request.body);
    if (found) throw badRequest(`${found.path ? `${found.path}：` : ''}${FAULT_MESSAGES[found.fault]}`);
  });
}
