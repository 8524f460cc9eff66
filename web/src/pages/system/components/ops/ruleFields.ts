// The name and code of a rule (编码校验规则, 填值规则): the code is what the server and other rules refer to.
import type { ResourceField } from '../../../../components/resource';
import type { useBilingual } from '../../../../components/resource/text';
import type { Bilingual } from '../../../../components/resource/types';

export function ruleIdentityFields(tx: ReturnType<typeof useBilingual>, codeWidth: number): ResourceField[] {
  return [
    {
      name: 'ruleName',
      label: ['规则名称', 'Name'],
      required: true,
      search: 'like',
      sort: true,
      list: { width: 180 },
    },
    codeField(tx, 'ruleCode', ['规则编码', 'Code'], '规则编码', { width: codeWidth, copyable: true }),
  ];
}

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
