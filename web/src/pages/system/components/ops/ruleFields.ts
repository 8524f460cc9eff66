// The name and code of a rule (编码校验规则, 填值规则): the code is what the server and other rules refer to.
import type { ResourceField } from '../../../../components/resource';
import type { useBilingual } from '../../../../components/resource/text';

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
    {
      name: 'ruleCode',
      label: ['规则编码', 'Code'],
      required: true,
      search: true,
      sort: true,
      list: { width: codeWidth, copyable: true },
      rules: [
        {
          pattern: /^[A-Za-z0-9_-]+$/,
          message: tx(['规则编码只能包含字母、数字、下划线和横线', 'Letters, digits, _ and - only']),
        },
      ],
    },
  ];
}
