// Async uniqueness checks of the access forms (reference checkOnlyUser, checkRoleCode): asked when the field is
// left, the record being edited excluded, the server's message shown as the error.
import type { Rule } from 'antd/es/form';
import { api } from '../../../services/request';

export function uniqueRule(
  path: string,
  param: string,
  editing: Record<string, unknown> | null | undefined,
): Rule {
  return {
    validateTrigger: 'onBlur',
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || String(value).trim() === '') return;
      await api.get(path, {
        [param]: String(value).trim(),
        ...(editing?.id ? { id: String(editing.id) } : {}),
      });
    },
  };
}
