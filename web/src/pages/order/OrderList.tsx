// 订单列表 (货源, issue 8 §1): create, publish, pause, close, cancel, and dispatch notes to drivers. Customer
// users order for their own customer; on agent orders the fees show as '--' to all but staff and the agent.
import { ProFormDependency, ProFormSelect } from '@ant-design/pro-components';
import { orderShape, type Page, USER_TYPE } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ResourceListPage, type ResourcePageDef, type RowAction } from '../../components/resource';
import { useBilingual } from '../../components/resource/text';
import { api } from '../../services/request';
import { useSession } from '../../stores/session';
import { useHasCode } from '../shipping/components/useHasCode';
import { DispatchModal } from './components/DispatchModal';

type Row = Record<string, unknown>;

const step = (
  key: 'publish' | 'pause' | 'close' | 'cancel',
  label: readonly [string, string],
  from: number[],
  danger = false,
): RowAction => ({
  key,
  label,
  perm: `order:${key}`,
  danger,
  visible: (row) => from.includes(Number(row.status)),
  confirm: [`确定${label[0]}该货源吗?`, `${label[1]} this order?`],
  run: async (row, { reload }) => {
    await api.post(`/order/hyOrder/${key}`, { id: row.id });
    reload();
  },
});

const num = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : Number(v));

/** Form fields in the units people use ↔ the order's stored units (grams, basis points, fen). */
function toBody(values: Row): Row {
  const out: Row = { ...values };
  const allowance =
    Number(values.lossAllowanceMode ?? 1) === 1
      ? num(values.lossAllowanceKg)
      : num(values.lossAllowancePermille);
  out.lossAllowanceValue =
    allowance === undefined
      ? 0
      : Number(values.lossAllowanceMode ?? 1) === 1
        ? Math.round(allowance * 1000)
        : Math.round(allowance);
  const fuel = num(values.fuelCardPercent);
  out.fuelCardMode = fuel ? 1 : 0;
  out.fuelCardValue = fuel ? Math.round(fuel * 100) : 0;
  const prepay = num(values.prepayYuan);
  out.prepayMode = prepay ? 2 : 0;
  out.prepayValue = prepay ? Math.round(prepay * 100) : 0;
  const etc = num(values.etcYuan);
  out.etcMode = etc ? 2 : 0;
  out.etcValue = etc ? Math.round(etc * 100) : 0;
  const agentFee = num(values.agentFeeYuan);
  if (agentFee !== undefined) {
    out.agentFeeMode = 2;
    out.agentFeeValue = Math.round(agentFee * 100);
  }
  for (const key of [
    'lossAllowanceKg',
    'lossAllowancePermille',
    'fuelCardPercent',
    'prepayYuan',
    'etcYuan',
    'agentFeeYuan',
  ])
    delete out[key];
  return out;
}

function toForm(row: Row): Row {
  const value = Number(row.lossAllowanceValue ?? 0);
  return {
    ...row,
    lossAllowanceKg: Number(row.lossAllowanceMode) === 1 ? value / 1000 : undefined,
    lossAllowancePermille: Number(row.lossAllowanceMode) === 2 ? value : undefined,
    fuelCardPercent: Number(row.fuelCardMode) === 1 ? Number(row.fuelCardValue) / 100 : undefined,
    prepayYuan: Number(row.prepayMode) === 2 ? Number(row.prepayValue) / 100 : undefined,
    etcYuan: Number(row.etcMode) === 2 ? Number(row.etcValue) / 100 : undefined,
    agentFeeYuan:
      Number(row.agentFeeMode) === 2 && row.agentFeeValue !== '--'
        ? Number(row.agentFeeValue) / 100
        : undefined,
  };
}

export default function OrderList() {
  const tx = useBilingual();
  const userType = useSession((s) => s.userType);
  const customerUser = userType === USER_TYPE.customer || userType === USER_TYPE.customerAdmin;
  const staff = userType === USER_TYPE.system;
  const canPickCustomer = useHasCode('customer:manager:list');
  const canPickAgent = useHasCode('agent:list');
  const [dispatching, setDispatching] = useState<{ row: Row; reload: () => void } | null>(null);
  const customers = useQuery({
    queryKey: ['orderCustomers'],
    queryFn: () => api.get<Page<Row>>('/customer/hyCustomer/list', { pageSize: 200, state: 2 }),
    enabled: !customerUser && canPickCustomer,
    staleTime: 60_000,
  });
  const agents = useQuery({
    queryKey: ['orderAgents'],
    queryFn: () => api.get<Page<Row>>('/agent/hyAgent/list', { pageSize: 200, state: 2 }),
    enabled: canPickAgent,
    staleTime: 60_000,
  });
  const agentRequired = tx(['请选择经纪人', 'Choose the agent']);
  const customerOptions = useMemo(
    () =>
      (customers.data?.records ?? []).map((c) => ({ value: String(c.id), label: String(c.customerName) })),
    [customers.data],
  );
  const agentOptions = useMemo(
    () => (agents.data?.records ?? []).map((a) => ({ value: String(a.id), label: String(a.agentName) })),
    [agents.data],
  );

  const def = useMemo<ResourcePageDef>(
    () => ({
      api: '/order/hyOrder',
      title: ['订单列表', 'Orders'],
      perm: 'order',
      schema: orderShape,
      actions: { import: false },
      editable: (row) => [0, 2].includes(Number(row.status)),
      formWidth: 860,
      addDefaults: {
        orderMode: '1',
        priceMode: '1',
        settleWeightBasis: '3',
        lossAllowanceMode: '1',
        lossAllowanceKg: 200,
      },
      toBody: (values) => toBody(values),
      toForm,
      fields: [
        {
          name: 'orderNo',
          label: ['货源单号', 'Order no.'],
          search: true,
          sorter: true,
          form: false,
          list: { fixed: 'left', width: 150 },
        },
        {
          name: 'status',
          label: ['状态', 'Status'],
          kind: 'dict',
          dict: 'order_status',
          search: true,
          form: false,
          list: { width: 80 },
        },
        {
          name: 'customerId',
          label: ['货主', 'Shipper'],
          // a select of the approved customers (a field with options but no kind would be a text box)
          kind: 'dict',
          list: false,
          detail: false,
          search: !customerUser && customerOptions.length > 0,
          options: customerOptions.map((o) => ({ value: o.value, label: o.label })),
          form: !customerUser,
          required: !customerUser,
        },
        {
          name: 'customerName',
          label: ['货主', 'Shipper'],
          form: false,
          list: { width: 170, ellipsis: true },
        },
        {
          name: 'orderMode',
          label: ['订单模式', 'Mode'],
          kind: 'dict',
          dict: 'order_mode',
          search: true,
          required: true,
          list: { width: 100 },
        },
        {
          name: 'agentId',
          label: ['经纪人', 'Agent'],
          list: false,
          detail: false,
          renderFormItem: (ctx) => (
            <ProFormDependency name={['orderMode']}>
              {({ orderMode }) =>
                String(orderMode) === '3' ? (
                  <ProFormSelect
                    name={ctx.name}
                    label={ctx.label}
                    disabled={ctx.disabled}
                    options={agentOptions}
                    showSearch
                    rules={[{ required: true, message: agentRequired }]}
                  />
                ) : null
              }
            </ProFormDependency>
          ),
        },
        {
          name: 'goodsName',
          label: ['货物名称', 'Goods'],
          required: true,
          search: true,
          list: { width: 100 },
        },
        {
          name: 'cargoType',
          label: ['货物分类', 'Cargo class'],
          kind: 'dict',
          dict: 'cargo_type',
          list: false,
        },
        {
          name: 'route',
          label: ['线路', 'Route'],
          form: false,
          detail: false,
          list: { width: 150 },
          render: (_v, row) => `${String(row.loadCity ?? '')} → ${String(row.unloadCity ?? '')}`,
        },
        { name: 'loadProvince', label: ['装货省份', 'Loading province'], list: false },
        { name: 'loadCity', label: ['装货城市', 'Loading city'], required: true, search: true, list: false },
        { name: 'loadDistrict', label: ['装货区县', 'Loading district'], list: false },
        { name: 'loadAreaCode', label: ['装货区划代码', 'Loading division code'], list: false },
        {
          name: 'loadAddress',
          label: ['装货地址', 'Loading address'],
          required: true,
          wide: true,
          list: false,
        },
        { name: 'loadLng', label: ['装货经度', 'Loading longitude'], kind: 'number', list: false },
        { name: 'loadLat', label: ['装货纬度', 'Loading latitude'], kind: 'number', list: false },
        { name: 'unloadProvince', label: ['卸货省份', 'Unloading province'], list: false },
        {
          name: 'unloadCity',
          label: ['卸货城市', 'Unloading city'],
          required: true,
          search: true,
          list: false,
        },
        { name: 'unloadDistrict', label: ['卸货区县', 'Unloading district'], list: false },
        { name: 'unloadAreaCode', label: ['卸货区划代码', 'Unloading division code'], list: false },
        {
          name: 'unloadAddress',
          label: ['卸货地址', 'Unloading address'],
          required: true,
          wide: true,
          list: false,
        },
        { name: 'unloadLng', label: ['卸货经度', 'Unloading longitude'], kind: 'number', list: false },
        { name: 'unloadLat', label: ['卸货纬度', 'Unloading latitude'], kind: 'number', list: false },
        {
          name: 'plannedWeightG',
          label: ['计划重量', 'Planned weight'],
          kind: 'tonnes',
          required: true,
          sorter: true,
          list: { width: 100 },
        },
        {
          name: 'dispatchedWeightG',
          label: ['已派重量', 'Dispatched'],
          kind: 'tonnes',
          form: false,
          list: { width: 100 },
        },
        {
          name: 'completedWeightG',
          label: ['已完成重量', 'Completed'],
          kind: 'tonnes',
          form: false,
          list: { width: 100 },
        },
        {
          name: 'priceMode',
          label: ['计价方式', 'Pricing'],
          kind: 'dict',
          dict: 'price_mode',
          required: true,
          list: { width: 80 },
        },
        {
          name: 'driverUnitPriceFen',
          label: ['司机运价', 'Driver price'],
          kind: 'fen',
          required: true,
          list: { width: 100 },
        },
        {
          name: 'settleWeightBasis',
          label: ['结算重量', 'Settle weight'],
          kind: 'dict',
          dict: 'settle_weight_basis',
          list: false,
        },
        {
          name: 'lossAllowanceMode',
          label: ['亏吨允差方式', 'Loss allowance'],
          kind: 'dict',
          dict: 'loss_allowance_mode',
          list: false,
        },
        {
          name: 'lossAllowanceKg',
          label: ['允差(公斤/车)', 'Allowance (kg)'],
          kind: 'number',
          list: false,
          detail: false,
        },
        {
          name: 'lossAllowancePermille',
          label: ['允差(‰)', 'Allowance (‰)'],
          kind: 'number',
          list: false,
          detail: false,
        },
        { name: 'lossUnitPriceFen', label: ['亏吨单价(元/吨)', 'Loss price (/t)'], kind: 'fen', list: false },
        {
          name: 'lossDeductWhole',
          label: ['超允差全额扣', 'Deduct whole loss'],
          kind: 'switch',
          list: false,
        },
        {
          name: 'fuelCardPercent',
          label: ['油卡比例(%)', 'Fuel card (%)'],
          kind: 'number',
          list: false,
          detail: false,
        },
        {
          name: 'etcYuan',
          label: ['ETC(元/车)', 'ETC (per trip)'],
          kind: 'number',
          list: false,
          detail: false,
        },
        {
          name: 'prepayYuan',
          label: ['预付(元/车)', 'Prepay (per trip)'],
          kind: 'number',
          list: false,
          detail: false,
        },
        {
          name: 'agentFeeYuan',
          label: ['经纪人佣金(元/趟)', 'Agent fee (per trip)'],
          kind: 'number',
          list: false,
          detail: false,
        },
        {
          name: 'settleMode',
          label: ['结算方式', 'Settlement'],
          kind: 'dict',
          dict: 'settle_mode',
          form: false,
          list: { width: 80 },
        },
        {
          name: 'driverFee',
          label: ['预估司机运费', 'Est. driver fee'],
          kind: 'fen',
          form: false,
          list: false,
        },
        {
          name: 'agentFee',
          label: ['预估经纪人佣金', 'Est. agent fee'],
          kind: 'fen',
          form: false,
          list: false,
        },
        {
          name: 'customerFee',
          label: ['预估货主运费', 'Est. shipper fee'],
          kind: 'fen',
          form: false,
          sorter: true,
          list: { width: 120 },
        },
        // spec §5: agentFee on agent orders, else customerFee
        {
          name: 'feeTotal',
          label: ['费用合计', 'Fee total'],
          kind: 'fen',
          form: false,
          list: { width: 110 },
        },
        { name: 'validFrom', label: ['有效期起', 'Valid from'], kind: 'datetime', list: false },
        {
          name: 'validTo',
          label: ['有效期止', 'Valid to'],
          kind: 'datetime',
          sorter: true,
          list: { width: 170 },
        },
        { name: 'remark', label: ['备注', 'Remark'], kind: 'textarea', list: false },
        {
          name: 'createTime',
          label: ['创建时间', 'Created'],
          kind: 'datetime',
          form: false,
          sorter: true,
          search: 'range',
        },
      ],
      rowActions: [
        step('publish', ['发布', 'Publish'], [0, 2]),
        {
          key: 'dispatch',
          label: ['派单', 'Dispatch'],
          perm: 'shipping:note:dispatch',
          visible: (row) => staff && Number(row.status) === 1,
          run: (row, helpers) => setDispatching({ row, reload: helpers.reload }),
        },
        step('pause', ['暂停', 'Pause'], [1]),
        step('close', ['关闭', 'Close'], [1, 2], true),
        step('cancel', ['取消', 'Cancel'], [0, 1, 2], true),
      ],
    }),
    [customerUser, customerOptions, agentOptions, staff, agentRequired],
  );

  return (
    <>
      <ResourceListPage def={def} />
      <DispatchModal
        order={dispatching?.row ?? null}
        onClose={() => setDispatching(null)}
        onDone={() => {
          dispatching?.reload();
          setDispatching(null);
        }}
      />
    </>
  );
}
