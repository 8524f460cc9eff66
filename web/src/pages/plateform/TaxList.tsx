// 完税列表: each driver's month of paid waybills as the tax authority needs it, from the tax record
// declaration — collected for a month, sent from 税务数据同步, and filled from the answer (the invoice issued on
// the driver's behalf, the taxes withheld, the certificate). A failed record is corrected here and resent.
import { type Envelope, TAX_STATE, taxRecordResource } from '@freight/contracts';
import { App, Form, Grid, Input, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { PeriodDialog } from '../../components/finance/PeriodDialog';
import { pageOf, ResourceListPage, type ResourcePageDef } from '../../components/resource';
import { useBilingual } from '../../components/resource/text';
import { errorText, postEnvelope } from '../../services/request';
import { announceChange } from '../../services/resourceEvents';

type Row = Record<string, unknown>;
const PATH = taxRecordResource.path;

function CorrectDialog({ row, onClose }: { row: Row; onClose: (changed: boolean) => void }) {
  const tx = useBilingual();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<{ idCard?: string; cardNo?: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={`${tx(['更正', 'Correct'])} · ${String(row.driverName ?? '')} ${String(row.period ?? '')}`}
      width={screens.md ? 480 : '100%'}
      confirmLoading={busy}
      okText={tx(['更正', 'Correct'])}
      cancelText={tx(['取消', 'Cancel'])}
      onCancel={() => onClose(false)}
      onOk={async () => {
        const values = await form.validateFields();
        setBusy(true);
        try {
          const env = (await postEnvelope(`${PATH}/correct`, {
            id: row.id,
            ...(values.idCard ? { idCard: values.idCard } : {}),
            ...(values.cardNo ? { cardNo: values.cardNo } : {}),
          })) as Envelope<unknown>;
          if (!env.success) throw new Error(env.message);
          message.success(env.message);
          onClose(true);
        } catch (error) {
          message.error(errorText(error));
        } finally {
          setBusy(false);
        }
      }}
      destroyOnHidden
    >
      <p>
        {String(row.failCode ?? '')} {String(row.failMessage ?? '')}
      </p>
      <Form form={form} layout="vertical">
        <Form.Item name="idCard" label={tx(['身份证号', 'ID card'])}>
          <Input maxLength={18} />
        </Form.Item>
        <Form.Item name="cardNo" label={tx(['银行卡号', 'Bank card'])}>
          <Input maxLength={30} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function TaxList() {
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<{ kind: 'collect' } | { kind: 'correct'; row: Row } | null>(null);
  const def = useMemo<ResourcePageDef>(
    () =>
      pageOf(taxRecordResource, {
        rowActions: [
          {
            key: 'correct',
            label: ['更正', 'Correct'],
            perm: 'finance:tax:correct',
            visible: (row) => Number(row.state) === TAX_STATE.failed,
            run: (row) => setDialog({ kind: 'correct', row }),
          },
          {
            key: 'resend',
            label: ['重新发送', 'Send again'],
            perm: 'report:tax:resend',
            visible: (row) =>
              Number(row.state) === TAX_STATE.failed || Number(row.state) === TAX_STATE.pending,
            run: async (row) => {
              const env = (await postEnvelope('/report/tax/resend', { ids: [row.id] })) as Envelope<unknown>;
              if (!env.success) throw new Error(env.message);
              message.success(env.message);
              announceChange('/report/tax');
            },
          },
        ],
        toolbar: [
          {
            key: 'collect',
            label: ['生成完税数据', 'Collect'],
            perm: 'finance:tax:collect',
            run: () => setDialog({ kind: 'collect' }),
          },
        ],
      }),
    [message],
  );
  const close = (changed: boolean) => {
    if (changed) announceChange(PATH);
    setDialog(null);
  };
  return (
    <>
      <ResourceListPage def={def} />
      {dialog?.kind === 'collect' && (
        <PeriodDialog
          title={['生成完税数据', 'Collect driver tax data']}
          url={`${PATH}/collect`}
          onClose={close}
        />
      )}
      {dialog?.kind === 'correct' && <CorrectDialog row={dialog.row} onClose={close} />}
    </>
  );
}
