// A code other settings refer to (a data source's, a gateway route's).
import type { ResourceField } from '../../../../components/resource';
import type { useBilingual } from '../../../../components/resource/text';
import type { Bilingual } from '../../../../components/resource/types';

/**
 * A code other settings refer to: required, searched and sorted, letters, digits, _ and - only (`what` names
 * it in the Chinese message).
 */
export function codeField(
  tx: ReturnType<typeof useBilingual>,
  name: string,
  label: Bilingual,
  what: string,
  list: ResourceField['list'],
): ResourceField {
  return {
    name,
    label,
    required: true,
    search: true,
    sort: true,
    list,
    rules: [
      {
        pattern: /^[A-Za-z0-9_-]+$/,
        message: tx([`${what}只能包含字母、数字、下划线和横线`, 'Letters, digits, _ and - only']),
      },
    ],
  };
}
