// 填值规则 (component `system/FillRuleList`): code generators with parameters (e.g. a date-prefixed serial
// number that never repeats under concurrency, used for waybill numbers); a sample of the next value is
// generated from the saved rule or from the form as typed, without using a number up.

import { fillRuleResource } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Spin, Typography } from 'antd';
import { type FormItemContext, pageOf, ResourceListPage } from '../../../components/resource';
import { useBilingual } from '../../../components/resource/text';
import { api } from '../../../services/request';
import { FormTryButton } from '../components/ops/FormTryButton';
import { JsonTextArea } from '../components/ops/JsonTextArea';
import { useOpsScreen } from '../components/ops/useOpsScreen';

interface Generator {
  value: string;
  text: string;
}

type Row = Record<string, unknown>;
const EXAMPLE = '{"prefix":"YD","datePattern":"YYYYMMDD","digits":4}';

const sample = (row: Row) =>
  api.post<string>('/sys/fillRule/sample', {
    ruleCode: row.ruleCode,
    ruleClass: row.ruleClass,
    ruleParams: row.ruleParams || null,
  });

/** The parameters box of the form with a "generate a sample" button reading the form as typed. */
function ParamsItem({ ctx }: { ctx: FormItemContext }) {
  return (
    <>
      <JsonTextArea
        ctx={ctx}
        shape="object"
        placeholder={EXAMPLE}
        tooltip={[
          '日期流水号：prefix 前缀，datePattern 日期格式（YYYY、YY、MM、DD、HH、mm、ss），digits 流水位数',
          'Date serial: prefix, datePattern (YYYY, YY, MM, DD, HH, mm, ss), digits of the serial',
        ]}
        rows={[2, 8]}
      />
      <FormTryButton
        label={['生成示例', 'Generate a sample']}
        fields={['ruleCode', 'ruleClass', 'ruleParams']}
        run={sample}
        copyable
        data-testid="fill-sample"
      />
    </>
  );
}

export default function FillRuleList() {
  const tx = useBilingual();
  const { modal } = App.useApp();
  const generators = useQuery({
    queryKey: ['fillRuleGenerators'],
    queryFn: () => api.get<Generator[]>('/sys/fillRule/generators'),
    staleTime: 300_000,
  });

  const def = useOpsScreen([generators.data, modal], () => ({
    ...pageOf(fillRuleResource, {
      fields: {
        ruleClass: {
          options: (generators.data ?? []).map((g) => ({ value: g.value, label: `${g.text}（${g.value}）` })),
        },
        ruleParams: { renderFormItem: (ctx) => <ParamsItem ctx={ctx} /> },
      },
    }),
    addDefaults: { ruleClass: generators.data?.[0]?.value, ruleParams: EXAMPLE },
    rowActions: [
      {
        key: 'sample',
        label: ['生成示例', 'Sample'],
        run: async (row) => {
          const value = await sample(row);
          modal.success({
            title: tx(['下一个值（未占用）', 'Next value (not used up)']),
            content: (
              <Typography.Text copyable strong data-testid="fill-sample">
                {value}
              </Typography.Text>
            ),
          });
        },
      },
    ],
  }));

  if (generators.isLoading) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  return <ResourceListPage def={def} />;
}
