// The waybill steps as row actions: each shows only in the states the state machine allows, to a
// user holding its button, and opens a form for what the step needs (weights and weighbridge photos, reasons,
// the receipt, the money being frozen at audit). The server checks it all again in the step's transaction.
import { ModalForm, ProForm, ProFormTextArea } from '@ant-design/pro-components';
import {
  CORRECTABLE_SHIPPING_STATUSES,
  canTransition,
  type Envelope,
  SHIPPING_TRANSITIONS,
  type ShippingAction,
  STAFF_ONLY_NOTE_STEPS,
  USER_TYPE,
} from '@freight/contracts';
import { App, Descriptions, Grid } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { SideDrawer } from '../../../components/common/SideDrawer';
import { TonnesField, TRUCK_LOAD, YuanField } from '../../../components/form/quantityFields';
import type { RowAction } from '../../../components/resource';
import { ImageUpload } from '../../../components/resource/ImageUpload';
import { useBilingual } from '../../../components/resource/text';
import { UploadTrackerProvider, useUploadTracking } from '../../../components/upload';
import { errorText, postEnvelope, unwrap } from '../../../services/request';
import { useSession } from '../../../stores/session';
import { NoteTrack } from './NoteTrack';
import { useNoteAmounts } from './noteMoney';
import { useHasCode } from './useHasCode';

type Row = Record<string, unknown>;
type Step = ShippingAction | 'correct';

const EN: Record<Step, string> = {
  ...Object.fromEntries(Object.entries(SHIPPING_TRANSITIONS).map(([k, v]) => [k, v.en])),
  correct: 'Correct weights',
} as Record<Step, string>;
const ZH: Record<Step, string> = {
  ...Object.fromEntries(Object.entries(SHIPPING_TRANSITIONS).map(([k, v]) => [k, v.label])),
  correct: '修正重量',
} as Record<Step, string>;

const tonnes = (row: Row, key: string) =>
  row[key] === null || row[key] === undefined ? undefined : Number(row[key]) / 1e6;

/** The money a step shows before it is confirmed (audit freezes it). */
export function MoneySummary({ row }: { row: Row }) {
  const amounts = useNoteAmounts(row);
  return (
    <Descriptions size="small" column={2} bordered data-testid="money-summary">
      {amounts(['settleWeightG', 'lossDeductionFen', 'driverFee', 'serviceFee', 'agentFee', 'customerFee'])}
    </Descriptions>
  );
}

export function useNoteSteps(): { actions: RowAction[]; modals: ReactNode } {
  const tx = useBilingual();
  const { message } = App.useApp();
  const userType = useSession((s) => s.userType);
  const screens = Grid.useBreakpoint();
  const [open, setOpen] = useState<{ step: Step; row: Row; reload: () => void } | null>(null);
  const [tracking, setTracking] = useState<Row | null>(null);
  const uploads = useUploadTracking();
  const staff = userType === USER_TYPE.system;
  const canTrack = useHasCode('shipping:track:list');
  const label = (step: Step) => tx([ZH[step], EN[step]]);

  async function send(step: Step, body: Row, reload: () => void): Promise<boolean> {
    try {
      const env = await postEnvelope<Row>(`/shipping/hyShippingNote/${step}`, body);
      unwrap(env as Envelope<Row>);
      message.success(env.message);
      reload();
      return true;
    } catch (error) {
      message.error(errorText(error));
      return false;
    }
  }

  // Stable across renders: list pages memoise their declaration on it.
  const actions = useMemo<RowAction[]>(() => {
    const stepAction = (step: Step, danger = false): RowAction => ({
      key: step,
      label: [ZH[step], EN[step]],
      perm: `shipping:note:${step}`,
      danger,
      visible: (row) => {
        if (STAFF_ONLY_NOTE_STEPS.has(step) && !staff) return false;
        const status = Number(row.status);
        return step === 'correct'
          ? (CORRECTABLE_SHIPPING_STATUSES as readonly number[]).includes(status)
          : canTransition(step, status);
      },
      run: (row, helpers) => setOpen({ step, row, reload: helpers.reload }),
    });
    return [
      stepAction('accept'),
      stepAction('load'),
      stepAction('depart'),
      stepAction('unload'),
      stepAction('sign'),
      stepAction('audit'),
      stepAction('correct'),
      {
        key: 'track',
        label: ['轨迹', 'Track'],
        visible: (row) => canTrack && Number(row.status) >= 2,
        run: (row) => setTracking(row),
      },
      stepAction('refuse', true),
      stepAction('cancel', true),
      stepAction('void', true),
    ];
  }, [staff, canTrack]);

  const step = open?.step;
  const row = open?.row ?? {};
  const needsReason = step === 'refuse' || step === 'cancel' || step === 'void';
  const modals = (
    <>
      <ModalForm<Row>
        key={open ? `${open.step}-${String(row.id)}` : 'closed'}
        title={open ? `${label(open.step)} · ${String(row.shippingNoteNumber ?? '')}` : ''}
        open={Boolean(open)}
        width={screens.md ? 560 : '100%'}
        modalProps={{ destroyOnHidden: true, maskClosable: false, onCancel: () => setOpen(null) }}
        initialValues={
          step === 'correct'
            ? { loadWeight: tonnes(row, 'loadWeightG'), unloadWeight: tonnes(row, 'unloadWeightG') }
            : step === 'load' || step === 'unload'
              ? { [`${step}Weight`]: tonnes(row, 'plannedWeightG') }
              : undefined
        }
        submitter={{
          searchConfig: { submitText: open ? label(open.step) : '' },
          submitButtonProps: { disabled: uploads.uploading },
        }}
        onFinish={async (values) => {
          if (!open) return false;
          const id = row.id;
          const grams = (v: unknown) =>
            v === undefined || v === null || v === '' ? undefined : Math.round(Number(v) * 1e6);
          const body: Row =
            open.step === 'load'
              ? { id, loadWeightG: grams(values.loadWeight), loadPhoto: values.loadPhoto }
              : open.step === 'unload'
                ? { id, unloadWeightG: grams(values.unloadWeight), unloadPhoto: values.unloadPhoto }
                : open.step === 'sign'
                  ? { id, receiptPhoto: values.receiptPhoto ?? null, remark: values.remark }
                  : open.step === 'correct'
                    ? {
                        id,
                        loadWeightG: grams(values.loadWeight),
                        unloadWeightG: Number(row.status) >= 4 ? grams(values.unloadWeight) : undefined,
                        otherDeductionFen:
                          values.otherDeduction === undefined
                            ? undefined
                            : Math.round(Number(values.otherDeduction) * 100),
                        reason: values.reason,
                      }
                    : needsReason
                      ? { id, reason: values.reason }
                      : { id };
          const done = await send(open.step, body, open.reload);
          if (done) setOpen(null);
          return done;
        }}
      >
        <UploadTrackerProvider value={uploads.track}>
          {(step === 'load' || step === 'unload') && (
            <>
              <TonnesField
                name={`${step}Weight`}
                label={
                  step === 'load' ? tx(['装货重量', 'Loaded weight']) : tx(['卸货重量', 'Unloaded weight'])
                }
                {...TRUCK_LOAD}
                rules={[{ required: true, message: tx(['请输入重量', 'Enter the weight']) }]}
              />
              <ProForm.Item
                name={`${step}Photo`}
                label={
                  step === 'load'
                    ? tx(['装货磅单', 'Loading weighbridge slip'])
                    : tx(['卸货磅单', 'Unloading weighbridge slip'])
                }
                rules={[{ required: true, message: tx(['请上传磅单照片', 'Upload the weighbridge photo']) }]}
              >
                <ImageUpload biz="weighbridge" />
              </ProForm.Item>
            </>
          )}
          {step === 'sign' && (
            <>
              <ProForm.Item name="receiptPhoto" label={tx(['回单照片', 'Receipt photo'])}>
                <ImageUpload biz="receipt" />
              </ProForm.Item>
              <ProFormTextArea name="remark" label={tx(['备注', 'Remark'])} fieldProps={{ maxLength: 255 }} />
            </>
          )}
          {needsReason && (
            <ProFormTextArea
              name="reason"
              label={tx(['原因', 'Reason'])}
              fieldProps={{ maxLength: 255, showCount: true }}
              rules={[{ required: true, whitespace: true, message: tx(['请填写原因', 'Enter the reason']) }]}
            />
          )}
          {step === 'correct' && (
            <>
              <TonnesField name="loadWeight" label={tx(['装货重量', 'Loaded weight'])} {...TRUCK_LOAD} />
              {Number(row.status) >= 4 && (
                <TonnesField
                  name="unloadWeight"
                  label={tx(['卸货重量', 'Unloaded weight'])}
                  {...TRUCK_LOAD}
                />
              )}
              <YuanField name="otherDeduction" label={tx(['其他扣款', 'Other deductions'])} />
              <ProFormTextArea
                name="reason"
                label={tx(['修正原因', 'Reason'])}
                rules={[
                  { required: true, whitespace: true, message: tx(['请填写修正原因', 'Enter the reason']) },
                ]}
              />
            </>
          )}
          {(step === 'audit' || step === 'accept' || step === 'depart') && (
            <>
              <p>
                {step === 'audit'
                  ? tx([
                      '审核通过后运单金额冻结，并进入结算。',
                      'Once audited the amounts are frozen and settlement starts.',
                    ])
                  : tx([`确定${ZH[step]}吗？`, `${EN[step]} this waybill?`])}
              </p>
              {step === 'audit' && <MoneySummary row={row} />}
            </>
          )}
        </UploadTrackerProvider>
      </ModalForm>
      <SideDrawer
        open={Boolean(tracking)}
        onClose={() => setTracking(null)}
        title={`${tx(['轨迹回放', 'Track playback'])} · ${String(tracking?.shippingNoteNumber ?? '')}`}
        width={900}
      >
        {tracking && <NoteTrack source={{ kind: 'note', id: String(tracking.id) }} />}
      </SideDrawer>
    </>
  );
  return { actions, modals };
}
