// 预警消息: the warnings the rules raised, for platform staff. Handling closes one once: confirm
// (recorded as a violation), dismiss, or escalate (then confirm or dismiss); an unresolved blocking warning
// holds the waybill's pay. `?noteId=` (the bell's link) lists one waybill's warnings.
import { formatFen, riskWarningResource } from '@freight/contracts';
import { Alert, Checkbox, Form, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ReasonItem } from '../../components/form/formItems';
import { ResourceListPage, useResourcePage } from '../../components/resource';
import { useBilingual } from '../../components/resource/text';
import { getEnvelope, postEnvelope } from '../../services/request';
import { RowDialog } from './RowDialog';

type Row = Record<string, unknown>;

/** What the carrier contract allows: a deduction of its clause's percentage, or why there is none. */
type DeductionOffer =
  | { offered: true; deductionFen: number; penaltyPct: number; contractNo: string; appealDays: number }
  | { offered: false; reason: string };

function useDeductionOffer(id: unknown): DeductionOffer | null {
  const [offer, setOffer] = useState<DeductionOffer | null>(null);
  useEffect(() => {
    let live = true;
    getEnvelope<DeductionOffer>('/risk/warning/deductionOffer', { id })
      .then((env) => live && setOffer(env.result))
      .catch(() => live && setOffer(null));
    return () => {
      live = false;
    };
  }, [id]);
  return offer;
}

function HandleDialog({ row, onClose }: { row: Row; onClose: (changed: boolean) => void }) {
  const tx = useBilingual();
  const [form] = Form.useForm<{ action: string; reason: string; blacklist?: string[]; deduct?: boolean }>();
  const offer = useDeductionOffer(row.id);
  const escalated = row.state === 'escalated';
  const submit = async () => {
    const values = await form.validateFields();
    const blacklist = values.action === 'confirm' && values.blacklist?.length ? values.blacklist : undefined;
    const deduct = values.action === 'confirm' && offer?.offered && values.deduct ? true : undefined;
    return (await postEnvelope('/risk/warning/handle', { id: row.id, ...values, blacklist, deduct })).message;
  };
  return (
    <RowDialog title={tx(['处理预警', 'Handle warning'])} row={row} submit={submit} onClose={onClose}>
      <Form form={form} layout="vertical" initialValues={{ action: 'confirm' }}>
        <Form.Item name="action" label={tx(['处理方式', 'Action'])} rules={[{ required: true }]}>
          <Radio.Group>
            <Radio value="confirm">{tx(['确认违规', 'Confirm'])}</Radio>
            <Radio value="dismiss">{tx(['排除', 'Dismiss'])}</Radio>
            {!escalated && <Radio value="escalate">{tx(['上报', 'Escalate'])}</Radio>}
          </Radio.Group>
        </Form.Item>
        <ReasonItem label={tx(['处理原因', 'Reason'])} message={tx(['请填写处理原因', 'Enter a reason'])} />
        {/* A confirmed violation's consequence: the dispatch refuses a blacklisted driver or vehicle. */}
        <Form.Item noStyle dependencies={['action']}>
          {({ getFieldValue }) =>
            getFieldValue('action') === 'confirm' && (
              <Form.Item name="blacklist" label={tx(['列入黑名单', 'Blacklist'])}>
                <Checkbox.Group
                  options={[
                    { value: 'driver', label: tx(['司机', 'Driver']) },
                    { value: 'vehicle', label: tx(['车辆', 'Vehicle']) },
                  ]}
                />
              </Form.Item>
            )
          }
        </Form.Item>
        {/* A deduction only under the carrier contract's clause, after notice and an appeal window. */}
        <Form.Item noStyle dependencies={['action']}>
          {({ getFieldValue }) =>
            getFieldValue('action') === 'confirm' &&
            offer &&
            (offer.offered ? (
              <Form.Item name="deduct" valuePropName="checked">
                <Checkbox>
                  {tx([
                    `按承运合同${offer.contractNo}条款扣款 ${formatFen(offer.deductionFen)} 元（运费的${offer.penaltyPct}%，通知承运方后有${offer.appealDays}天申诉期）`,
                    `Deduct ${formatFen(offer.deductionFen)} CNY under contract ${offer.contractNo} (${offer.penaltyPct}% of the freight; the carrier is notified and has ${offer.appealDays} days to appeal)`,
                  ])}
                </Checkbox>
              </Form.Item>
            ) : (
              <Alert
                type="info"
                showIcon
                message={tx(['不能扣款', 'No deduction'])}
                description={offer.reason}
              />
            ))
          }
        </Form.Item>
      </Form>
    </RowDialog>
  );
}

export default function WarningMessageList() {
  const [params] = useSearchParams();
  const noteId = params.get('noteId');
  const [handling, setHandling] = useState<{ row: Row; reload: () => void } | null>(null);
  const def = useResourcePage(riskWarningResource, [noteId], () => ({
    ...(noteId ? { fixedQuery: { noteId } } : {}),
    rowActions: [
      {
        key: 'handle',
        label: ['处理', 'Handle'],
        perm: 'risk:warning:handle',
        visible: (row) => row.state === 'open' || row.state === 'escalated',
        run: (row, helpers) => setHandling({ row, reload: helpers.reload }),
      },
    ],
  }));
  return (
    <>
      <ResourceListPage def={def} />
      {handling && (
        <HandleDialog
          row={handling.row}
          onClose={(changed) => {
            if (changed) handling.reload();
            setHandling(null);
          }}
        />
      )}
    </>
  );
}
