// 编码校验规则 (component `system/CheckRuleList`): code check rules as an ordered rule JSON (digits, pattern,
// message per step) and a test box where the server checks a value by the rule's code.

import { checkRuleResource } from '@freight/contracts';
import { Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { pageOf, ResourceListPage } from '../../../components/resource';
import { useBilingual } from '../../../components/resource/text';
import { JsonTextArea } from '../components/ops/JsonTextArea';
import { useOpsScreen } from '../components/ops/useOpsScreen';
import { CheckRuleTester } from './components/CheckRuleTester';

const EXAMPLE =
  '[{"digits":"2","pattern":"^[A-Z]+$","message":"前两位必须是大写字母"},{"digits":"*","pattern":"^.{4,10}$","message":"长度为4到10位"}]';

interface RuleItem {
  digits: string;
  pattern: string;
  message: string;
}

function parseRules(text: unknown): RuleItem[] | null {
  try {
    const parsed = JSON.parse(String(text ?? ''));
    return Array.isArray(parsed) ? (parsed as RuleItem[]) : null;
  } catch {
    return null;
  }
}

export default function CheckRuleList() {
  const tx = useBilingual();
  const [testing, setTesting] = useState<{ ruleCode: string; ruleName: string } | null>(null);

  const def = useOpsScreen([], () => ({
    ...pageOf(checkRuleResource, {
      fields: {
        ruleJson: {
          render: (value) => {
            const rules = parseRules(value);
            if (!rules) return String(value ?? '');
            const steps = rules.map((r, i) => ({ ...r, step: i + 1 }));
            return steps.map((r) => (
              <Tooltip key={r.step} title={`${r.pattern} · ${r.message}`}>
                <Tag>
                  {`${r.step}. ${r.digits === '*' ? tx(['全部', 'all']) : tx([`${r.digits}位`, `${r.digits} chars`])}`}
                </Tag>
              </Tooltip>
            ));
          },
          renderFormItem: (ctx) => (
            <JsonTextArea
              ctx={ctx}
              shape="array"
              tooltip={[
                '按顺序校验：digits 为位数（"*" 表示整个值），pattern 为正则，message 为不通过时的提示',
                'Checked in order: digits is how many characters ("*" the whole value), pattern a regular expression, message the text when it fails',
              ]}
              rows={[4, 12]}
              maxLength={4000}
            />
          ),
        },
      },
    }),
    addDefaults: { ruleJson: EXAMPLE },
    rowActions: [
      {
        key: 'test',
        label: ['功能测试', 'Test'],
        run: (row) => setTesting({ ruleCode: String(row.ruleCode), ruleName: String(row.ruleName) }),
      },
    ],
  }));

  return (
    <>
      <ResourceListPage def={def} />
      <CheckRuleTester rule={testing} onClose={() => setTesting(null)} />
    </>
  );
}
