// 违规扣款条款: the carrier contract template's violation clause — a deduction of a percentage of the driver's
// freight for a confirmed violation, or none. Saving starts a new version of the template; contracts already
// signed keep the clause they were signed with, so the dialog says which version is in force now.
import { formatFen, penaltyClauseBody } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, InputNumber, Skeleton, Switch, Typography } from 'antd';
import { PostDialog } from '../../../components/form/PostDialog';
import { useBilingual } from '../../../components/resource/text';
import { api } from '../../../services/request';
import { CONTRACT_PATH } from './contractActions';

interface Clause {
  version: number;
  penaltyPct: number | null;
}
interface Values {
  enabled: boolean;
  penaltyPct?: number | null;
}

/** The freight of the dialog's worked example: 10,000 CNY. */
const EXAMPLE_FEN = 1_000_000;

export function PenaltyClauseDialog({ onClose }: { onClose: (changed: boolean) => void }) {
  const tx = useBilingual();
  const [form] = Form.useForm<Values>();
  const current = useQuery({
    queryKey: ['carrierPenaltyClause'],
    queryFn: () => api.get<Clause>(`${CONTRACT_PATH}/clause`),
    staleTime: 0,
  });
  const enabled = Form.useWatch('enabled', form) ?? false;
  const pct = Form.useWatch('penaltyPct', form);
  const clause = current.data;
  return (
    <PostDialog<Values>
      title={tx(['承运合同违规扣款条款', 'Violation clause of the carrier contract'])}
      okText={tx(['保存并启用', 'Save and apply'])}
      url={`${CONTRACT_PATH}/clause`}
      form={form}
      schema={penaltyClauseBody}
      body={(values) => ({ penaltyPct: values.enabled ? (values.penaltyPct ?? null) : null })}
      okDisabled={!clause}
      refusal={{ inline: 'penalty-clause-refusal' }}
      testId="penalty-clause-dialog"
      onClose={onClose}
      intro={
        clause ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="penalty-clause-current"
            message={
              clause.penaltyPct === null
                ? tx([
                    `现行模板第${clause.version}版：无违规扣款条款`,
                    `Template version ${clause.version} in force: no violation clause`,
                  ])
                : tx([
                    `现行模板第${clause.version}版：违规扣款为司机运费的${clause.penaltyPct}%`,
                    `Template version ${clause.version} in force: ${clause.penaltyPct}% of the driver's freight`,
                  ])
            }
          />
        ) : (
          <Skeleton active paragraph={{ rows: 1 }} />
        )
      }
      hint={
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {tx([
            '保存后启用新版本模板，只适用于此后签署的承运合同；已签署的合同仍按签署时的条款执行。',
            'Saving starts a new template version for carrier contracts signed from now on; signed contracts keep their clause.',
          ])}
        </Typography.Paragraph>
      }
    >
      {clause && (
        <>
          <Form.Item
            name="enabled"
            label={tx(['违规扣款条款', 'Violation clause'])}
            valuePropName="checked"
            initialValue={clause.penaltyPct !== null}
          >
            <Switch
              checkedChildren={tx(['包含', 'On'])}
              unCheckedChildren={tx(['不含', 'Off'])}
              data-testid="penalty-clause-enabled"
            />
          </Form.Item>
          {enabled && (
            <Form.Item
              name="penaltyPct"
              label={tx(['扣款比例（司机运费的百分比）', "Deduction (percent of the driver's freight)"])}
              initialValue={clause.penaltyPct ?? undefined}
              rules={[{ required: true, message: tx(['请填写扣款比例', 'Enter the percentage']) }]}
              extra={
                pct
                  ? tx([
                      `例：司机运费 ${formatFen(EXAMPLE_FEN)} 元，违规扣款 ${formatFen((EXAMPLE_FEN * pct) / 100)} 元`,
                      `E.g. freight ${formatFen(EXAMPLE_FEN)} CNY, deduction ${formatFen((EXAMPLE_FEN * pct) / 100)} CNY`,
                    ])
                  : undefined
              }
            >
              <InputNumber
                min={1}
                max={100}
                precision={0}
                suffix="%"
                style={{ width: 160 }}
                data-testid="penalty-clause-pct"
              />
            </Form.Item>
          )}
        </>
      )}
    </PostDialog>
  );
}
