// 完税列表: each driver's month of paid waybills as the tax authority needs it, from the tax record
// declaration — collected for a month, sent from 税务数据同步, and filled from the answer (the invoice issued on
// the driver's behalf, the taxes withheld, the certificate). A failed record is corrected here and resent.
import { TAX_STATE, taxRecordResource } from '@freight/contracts';
import { usePostAction } from '../../components/common/usePostAction';
import { PeriodDialog } from '../../components/finance/PeriodDialog';
import { TextItem } from '../../components/form/formItems';
import { PostDialog } from '../../components/form/PostDialog';
import { ResourceListPage, usePageDialog, useResourcePage } from '../../components/resource';
import { useBilingual } from '../../components/resource/text';
import { announceChange } from '../../services/resourceEvents';

type Row = Record<string, unknown>;
type Dialog = { kind: 'collect' } | { kind: 'correct'; row: Row };
const PATH = taxRecordResource.path;

function CorrectDialog({ row, onClose }: { row: Row; onClose: (changed: boolean) => void }) {
  const tx = useBilingual();
  return (
    <PostDialog<{ idCard?: string; cardNo?: string }>
      title={`${tx(['更正', 'Correct'])} · ${String(row.driverName ?? '')} ${String(row.period ?? '')}`}
      width={480}
      okText={tx(['更正', 'Correct'])}
      url={`${PATH}/correct`}
      body={(values) => ({
        id: row.id,
        ...(values.idCard ? { idCard: values.idCard } : {}),
        ...(values.cardNo ? { cardNo: values.cardNo } : {}),
      })}
      intro={
        <p>
          {String(row.failCode ?? '')} {String(row.failMessage ?? '')}
        </p>
      }
      onClose={onClose}
    >
      <TextItem name="idCard" label={tx(['身份证号', 'ID card'])} maxLength={18} />
      <TextItem name="cardNo" label={tx(['银行卡号', 'Bank card'])} maxLength={30} />
    </PostDialog>
  );
}

export default function TaxList() {
  const post = usePostAction();
  const { dialog, setDialog, close } = usePageDialog<Dialog>(() => announceChange(PATH));
  const def = useResourcePage(taxRecordResource, [post], () => ({
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
        visible: (row) => Number(row.state) === TAX_STATE.failed || Number(row.state) === TAX_STATE.pending,
        run: async (row) => {
          await post('/report/tax/resend', { ids: [row.id] });
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
  }));
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
