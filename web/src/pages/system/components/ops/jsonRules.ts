// Form checks shared by the operations screens whose settings are JSON text (job parameters, fill-rule
// parameters, gateway predicates, template test data): the server checks the content, the form the shape.
import type { Rule } from 'antd/es/form';
import type { Bilingual } from '../../../../components/resource/types';

type Tx = (text: Bilingual | undefined) => string;

/** Empty, or JSON of the given shape. */
export function jsonRule(tx: Tx, shape: 'object' | 'array'): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || String(value).trim() === '') return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(value));
      } catch {
        throw new Error(tx(['不是有效的JSON', 'Not valid JSON']));
      }
      const isArray = Array.isArray(parsed);
      const ok = shape === 'array' ? isArray : typeof parsed === 'object' && parsed !== null && !isArray;
      if (!ok)
        throw new Error(
          shape === 'array'
            ? tx(['必须是JSON数组，如 ["/api/**"]', 'Must be a JSON array, e.g. ["/api/**"]'])
            : tx(['必须是JSON对象，如 {"key":"value"}', 'Must be a JSON object, e.g. {"key":"value"}']),
        );
    },
  };
}
