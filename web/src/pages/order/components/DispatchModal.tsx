// Dispatch (派单): one note for an approved driver and one of their approved bound vehicles, from a
// published order. Busy drivers and vehicles are shown but cannot be picked; the server checks it all again.
import { ModalForm, ProForm, ProFormTextArea } from '@ant-design/pro-components';
import { type Envelope, formatTonnes } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Grid, Select, Typography } from 'antd';
import { useState } from 'react';
import { TonnesField, TRUCK_LOAD, YuanField } from '../../../components/form/quantityFields';
import { useBilingual } from '../../../components/resource/text';
import { api, errorText, postEnvelope, unwrap } from '../../../services/request';

type Row = Record<string, unknown>;

interface DriverOption {
  id: string;
  driverName: string;
  mobile: string;
  busy: boolean;
  vehicles: Array<{
    id: string;
    plateNo: string;
    ratedLoadKg: number | null;
    isDefault: boolean;
    busy: boolean;
  }>;
}

export function DispatchModal({
  order,
  onClose,
  onDone,
}: {
  order: Row | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const tx = useBilingual();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [keyword, setKeyword] = useState('');
  const [driverId, setDriverId] = useState<string | undefined>();
  const options = useQuery({
    queryKey: ['dispatchOptions', keyword],
    queryFn: () => api.get<DriverOption[]>('/shipping/hyShippingNote/dispatchOptions', { keyword }),
    enabled: Boolean(order),
  });
  const driver = options.data?.find((d) => d.id === driverId);
  const remaining = order ? Number(order.plannedWeightG) - Number(order.dispatchedWeightG ?? 0) : 0;
  const busyText = tx(['（运输中）', ' (on a trip)']);

  return (
    <ModalForm<Row>
      key={order ? String(order.id) : 'closed'}
      title={`${tx(['派单', 'Dispatch'])} · ${String(order?.orderNo ?? '')}`}
      open={Boolean(order)}
      width={screens.md ? 560 : '100%'}
      modalProps={{
        destroyOnHidden: true,
        maskClosable: false,
        onCancel: () => {
          setDriverId(undefined);
          onClose();
        },
      }}
      submitter={{ searchConfig: { submitText: tx(['派单', 'Dispatch']) } }}
      onFinish={async (values) => {
        try {
          const env = await postEnvelope<Row>('/shipping/hyShippingNote/dispatch', {
            orderId: order?.id,
            driverId: values.driverId,
            vehicleId: values.vehicleId,
            plannedWeightG: values.weight ? Math.round(Number(values.weight) * 1e6) : undefined,
            otherDeductionFen: values.otherDeduction
              ? Math.round(Number(values.otherDeduction) * 100)
              : undefined,
            remark: values.remark,
          });
          unwrap(env as Envelope<Row>);
          message.success(env.message);
          setDriverId(undefined);
          onDone();
          return true;
        } catch (error) {
          message.error(errorText(error));
          return false;
        }
      }}
    >
      <Typography.Paragraph type="secondary">
        {String(order?.goodsName ?? '')} · {String(order?.loadCity ?? '')} → {String(order?.unloadCity ?? '')}{' '}
        · {tx(['剩余', 'Remaining'])} {formatTonnes(remaining)} {tx(['吨', 't'])}
      </Typography.Paragraph>
      <ProForm.Item
        name="driverId"
        label={tx(['司机', 'Driver'])}
        rules={[{ required: true, message: tx(['请选择司机', 'Choose a driver']) }]}
      >
        <Select
          showSearch
          filterOption={false}
          onSearch={setKeyword}
          loading={options.isFetching}
          placeholder={tx(['输入姓名或手机号搜索已审核司机', 'Search approved drivers by name or mobile'])}
          notFoundContent={tx(['没有查询到任何数据', 'No data'])}
          onChange={(value: string) => setDriverId(value)}
          options={(options.data ?? []).map((d) => ({
            value: d.id,
            label: `${d.driverName} ${d.mobile}${d.busy ? busyText : ''}`,
            disabled: d.busy,
          }))}
        />
      </ProForm.Item>
      <ProForm.Item
        name="vehicleId"
        label={tx(['车辆', 'Vehicle'])}
        rules={[{ required: true, message: tx(['请选择车辆', 'Choose a vehicle']) }]}
      >
        <Select
          disabled={!driver}
          placeholder={tx([
            '先选择司机，再选择其绑定的车辆',
            'Choose a driver first, then one of their vehicles',
          ])}
          notFoundContent={tx(['该司机没有已审核的绑定车辆', 'The driver has no approved vehicle'])}
          options={(driver?.vehicles ?? []).map((v) => ({
            value: v.id,
            label: `${v.plateNo}${v.ratedLoadKg ? ` · ${v.ratedLoadKg / 1000} ${tx(['吨', 't'])}` : ''}${v.busy ? busyText : ''}`,
            disabled: v.busy,
          }))}
        />
      </ProForm.Item>
      <TonnesField
        name="weight"
        label={tx(['派单重量', 'Weight'])}
        tooltip={tx([
          '不填时取剩余量与车辆核定载质量的较小值',
          'Defaults to the smaller of the remainder and the rated load',
        ])}
        {...TRUCK_LOAD}
      />
      <YuanField name="otherDeduction" label={tx(['其他扣款', 'Other deductions'])} />
      <ProFormTextArea name="remark" label={tx(['备注', 'Remark'])} fieldProps={{ maxLength: 255 }} />
    </ModalForm>
  );
}
