// 订单列表 (货源): create, publish, pause, close, cancel, and dispatch notes to drivers. Customer
// users order for their own customer; on agent orders the fees show as '--' to all but staff and the agent.
import { ProFormDependency, ProFormSelect } from '@ant-design/pro-components';
import {
  ORDER_MODE,
  ORDER_STATUS,
  ORDER_TRANSITIONS,
  type OrderAction,
  orderResource,
  type Page,
  USER_TYPE,
} from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import { useMemo, useState } from 'react';
import { ResourceListPage, type RowAction, useResourcePage } from '../../components/resource';
import { useBilingual } from '../../components/resource/text';
import { api } from '../../services/request';
import { useSession } from '../../stores/session';
import { useHasCode } from '../shipping/components/useHasCode';
import { DispatchModal } from './components/DispatchModal';
import { SavedPlaceBar } from './components/SavedPlaces';

type Row = Record<string, unknown>;

/** An order step offered from the states it starts from (ORDER_TRANSITIONS). */
const step = (key: OrderAction, label: readonly [string, string], danger = false): RowAction => ({
  key,
  label,
  perm: `${orderResource.permission}:${key}`,
  danger,
  visible: (row) => (ORDER_TRANSITIONS[key].from as readonly number[]).includes(Number(row.status)),
  confirm: [`确定${label[0]}该货源吗?`, `${label[1]} this order?`],
  run: async (row, { reload }) => {
    await api.post(`${orderResource.path}/${key}`, { id: row.id });
    reload();
  },
});

/** A place's hidden province name with the saved-places bar in its stead. */
const PlaceBar = ({ name, prefix }: { name: string; prefix: 'load' | 'unload' }) => (
  <>
    <Form.Item name={name} hidden noStyle />
    <SavedPlaceBar prefix={prefix} />
  </>
);

/** Drafts and paused orders are edited. */
const editableFrom: readonly number[] = [ORDER_STATUS.draft, ORDER_STATUS.paused];

/** Form values in the units people use, placed after a declared field; `toBody` turns them into the order's. */
const formOnly = (
  after: 'lossAllowanceMode' | 'lossDeductWhole',
  fields: Array<{ name: string; label: readonly [string, string]; form?: boolean }>,
) => fields.map((field) => ({ ...field, after, kind: 'number' as const, list: false, detail: false }));

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

  const def = useResourcePage(
    orderResource,
    [customerUser, customerOptions, agentOptions, staff, agentRequired],
    () => ({
      editable: (row) => editableFrom.includes(Number(row.status)),
      formWidth: 860,
      addDefaults: {
        orderMode: String(ORDER_MODE.public),
        priceMode: '1',
        settleWeightBasis: '3',
        lossAllowanceMode: '1',
        lossAllowanceKg: 200,
        etcRule: '0',
      },
      toBody: (values) => toBody(values),
      toForm,
      fields: {
        customerId: {
          // a select of the approved customers
          search: !customerUser && customerOptions.length > 0,
          options: customerOptions,
          form: !customerUser,
          required: !customerUser,
        },
        agentId: {
          renderFormItem: (ctx) => (
            <ProFormDependency name={['orderMode']}>
              {({ orderMode }) =>
                Number(orderMode) === ORDER_MODE.agent ? (
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
        // Who bears the matched tolls: platform staff choose it (the platform's cost).
        etcRule: { form: staff },
        // Above each place: pick a saved address (or route), or save the one in the form.
        loadProvince: { renderFormItem: (ctx) => <PlaceBar name={ctx.name} prefix="load" /> },
        unloadProvince: { renderFormItem: (ctx) => <PlaceBar name={ctx.name} prefix="unload" /> },
        route: {
          render: (_v, row) => `${String(row.loadCity ?? '')} → ${String(row.unloadCity ?? '')}`,
        },
      },
      extraFields: [
        ...formOnly('lossAllowanceMode', [
          { name: 'lossAllowanceKg', label: ['允差(公斤/车)', 'Allowance (kg)'] },
          { name: 'lossAllowancePermille', label: ['允差(‰)', 'Allowance (‰)'] },
        ]),
        ...formOnly('lossDeductWhole', [
          { name: 'fuelCardPercent', label: ['油卡比例(%)', 'Fuel card (%)'] },
          { name: 'etcYuan', label: ['ETC(元/车)', 'ETC (per trip)'] },
          { name: 'prepayYuan', label: ['预付(元/车)', 'Prepay (per trip)'] },
          // Only platform staff set a commission; the server takes the agent's own rule otherwise.
          { name: 'agentFeeYuan', label: ['经纪人佣金(元/趟)', 'Agent fee (per trip)'], form: staff },
        ]),
      ],
      rowActions: [
        step('publish', ['发布', 'Publish']),
        {
          key: 'dispatch',
          label: ['派单', 'Dispatch'],
          perm: 'shipping:note:dispatch',
          visible: (row) => staff && Number(row.status) === ORDER_STATUS.published,
          run: (row, helpers) => setDispatching({ row, reload: helpers.reload }),
        },
        step('pause', ['暂停', 'Pause']),
        step('close', ['关闭', 'Close'], true),
        step('cancel', ['取消', 'Cancel'], true),
      ],
    }),
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
