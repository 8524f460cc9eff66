// 发票管理: the shippers' 数电票 from the invoice declaration — applied for over paid waybills,
// issued through the tax service, delivered, rejected or reversed by a red letter; the PDF downloaded from the
// row, the lines and the history in the detail drawer, and the invoiced totals per customer below the list.

import {
  canInvoice,
  INVOICE_KIND,
  type InvoiceAction,
  invoiceNoteResource,
  invoiceResource,
} from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Form, Input, Radio, Select, Space, Table, Timeline, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { usePostAction } from '../../components/common/usePostAction';
import { yuanColumn } from '../../components/finance/columns';
import { yuan } from '../../components/finance/money';
import { useCustomerOptions } from '../../components/finance/useCustomerOptions';
import { PostDialog } from '../../components/form/PostDialog';
import {
  pageOf,
  ResourceListPage,
  type ResourcePageDef,
  type RowAction,
  usePageDialog,
} from '../../components/resource';
import { ChildList } from '../../components/resource/ChildList';
import { useBilingual } from '../../components/resource/text';
import { downloadFile } from '../../components/resource/transfer';
import type { Bilingual } from '../../components/resource/types';
import { api } from '../../services/request';
import { announceChange, onResourceChange } from '../../services/resourceEvents';
import { useCustomerUser } from '../../stores/session';

type Row = Record<string, unknown>;
type Dialog = { kind: 'reject' | 'deliver' | 'redLetter'; row: Row } | { kind: 'apply' };

const PATH = invoiceResource.path;

const STEP_LABEL: Record<'issue' | 'reject' | 'deliver' | 'redLetter' | 'query' | 'submit', Bilingual> = {
  submit: ['提交申请', 'Submit'],
  issue: ['开票', 'Issue'],
  query: ['查询开票结果', 'Query result'],
  reject: ['驳回', 'Reject'],
  deliver: ['交付', 'Deliver'],
  redLetter: ['红冲', 'Red letter'],
};

const HISTORY_LABEL: Record<string, Bilingual> = {
  apply: ['申请开票', 'Applied'],
  submit: ['提交申请', 'Submitted'],
  issue: ['提交税务系统开票', 'Sent to the tax service'],
  issued: ['已开具', 'Issued'],
  fail: ['开具失败', 'Issue failed'],
  reject: ['驳回', 'Rejected'],
  deliver: ['交付', 'Delivered'],
  redLetter: ['红冲', 'Red-lettered'],
};

/** The invoice's waybills and the moves of its state, in its detail drawer. */
function InvoiceDetail({ invoiceId }: { invoiceId: string }) {
  const tx = useBilingual();
  const history = useQuery({
    queryKey: ['invoiceHistory', invoiceId],
    queryFn: () =>
      api.get<
        Array<{ id: string; action: string; operator: string; detail: string | null; createTime: string }>
      >(`${PATH}/history`, { id: invoiceId }),
  });
  return (
    <>
      <ChildList resource={invoiceNoteResource} parentField="invoiceId" parentId={invoiceId} />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {tx(['开票记录', 'History'])}
      </Typography.Title>
      <Timeline
        items={(history.data ?? []).map((h) => ({
          key: h.id,
          children: (
            <span>
              {tx(HISTORY_LABEL[h.action] ?? [h.action, h.action])} · {h.operator} ·{' '}
              {new Date(h.createTime).toLocaleString()}
              {h.detail ? ` · ${h.detail}` : ''}
            </span>
          ),
        }))}
      />
    </>
  );
}

interface Candidate {
  id: string;
  shippingNoteNumber: string;
  customerName: string | null;
  plateNo: string | null;
  goodsName: string | null;
  loadCity: string;
  unloadCity: string;
  customerFee: number;
}

/** The application: the customer (staff), the kind, and the waybills that may be invoiced now. */
function ApplyDialog({ onClose }: { onClose: (changed: boolean) => void }) {
  const tx = useBilingual();
  const customerUser = useCustomerUser();
  const customers = useCustomerOptions();
  const [customerId, setCustomerId] = useState<string | undefined>(undefined);
  const [kind, setKind] = useState<number>(INVOICE_KIND.normal);
  const [selected, setSelected] = useState<string[]>([]);
  const ready = customerUser || Boolean(customerId);
  const candidates = useQuery({
    queryKey: ['invoiceCandidates', customerId ?? 'own'],
    queryFn: () => api.get<Candidate[]>(`${PATH}/candidates`, customerId ? { customerId } : {}),
    enabled: ready,
  });
  const rows = candidates.data ?? [];
  const total = rows.filter((r) => selected.includes(r.id)).reduce((t, r) => t + Number(r.customerFee), 0);
  return (
    <PostDialog
      title={tx(['申请开票', 'Apply for an invoice'])}
      width={860}
      okText={tx(['提交申请', 'Submit'])}
      okDisabled={selected.length === 0}
      url={`${PATH}/apply`}
      body={() => ({ noteIds: selected, kind })}
      onClose={onClose}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {!customerUser && (
          <Select
            data-testid="invoice-customer"
            placeholder={tx(['请选择货主', 'Choose the customer'])}
            options={customers}
            showSearch
            optionFilterProp="label"
            value={customerId}
            onChange={(v: string) => {
              setCustomerId(v);
              setSelected([]);
            }}
            style={{ width: '100%' }}
          />
        )}
        <Radio.Group value={kind} onChange={(e) => setKind(Number(e.target.value))}>
          <Radio value={INVOICE_KIND.normal}>{tx(['数电票（普通发票）', 'Digital ordinary invoice'])}</Radio>
          <Radio value={INVOICE_KIND.special}>
            {tx(['数电票（增值税专用发票）', 'Digital VAT special invoice'])}
          </Radio>
        </Radio.Group>
        <Table<Candidate>
          rowKey="id"
          size="small"
          loading={candidates.isFetching}
          dataSource={rows}
          pagination={{ pageSize: 8, size: 'small' }}
          scroll={{ x: 640 }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
          locale={{
            emptyText: ready
              ? tx(['没有可开票的运单', 'No waybill to invoice'])
              : tx(['请先选择货主', 'Choose the customer first']),
          }}
          columns={[
            { title: tx(['运单号', 'Waybill no.']), dataIndex: 'shippingNoteNumber', width: 170 },
            {
              title: tx(['线路', 'Route']),
              key: 'route',
              render: (_: unknown, r) => `${r.loadCity} → ${r.unloadCity}`,
            },
            { title: tx(['车牌号', 'Plate']), dataIndex: 'plateNo', width: 100 },
            { title: tx(['货物', 'Goods']), dataIndex: 'goodsName', width: 100 },
            yuanColumn(tx(['价税合计(元)', 'Amount (yuan)']), 'customerFee', 120),
          ]}
        />
        <Typography.Text data-testid="invoice-apply-total">
          {tx(['已选', 'Selected'])} {selected.length} · {tx(['价税合计', 'Total incl. tax'])} ¥{yuan(total)}
        </Typography.Text>
      </Space>
    </PostDialog>
  );
}

/** A reason (reject, red letter) or the address the invoice goes to (deliver). */
function StepDialog({
  kind,
  row,
  onClose,
}: {
  kind: 'reject' | 'deliver' | 'redLetter';
  row: Row;
  onClose: (changed: boolean) => void;
}) {
  const tx = useBilingual();
  const field = kind === 'deliver' ? 'to' : 'reason';
  const label: Bilingual =
    kind === 'deliver'
      ? ['交付邮箱或手机号', 'E-mail or mobile']
      : kind === 'reject'
        ? ['驳回原因', 'Reason']
        : ['红冲原因', 'Reason'];
  return (
    <PostDialog<{ value: string }>
      title={`${tx(STEP_LABEL[kind])} · ${String(row.invoiceNo ?? row.applyNo ?? '')}`}
      width={480}
      okText={tx(STEP_LABEL[kind])}
      danger={kind !== 'deliver'}
      url={`${PATH}/${kind}`}
      body={({ value }) => ({ id: row.id, [field]: value })}
      onClose={onClose}
    >
      <Form.Item
        name="value"
        label={tx(label)}
        rules={[{ required: true, whitespace: true, message: tx(['请填写', 'Required']) }]}
      >
        {kind === 'deliver' ? (
          <Input maxLength={100} />
        ) : (
          <Input.TextArea rows={3} maxLength={255} showCount />
        )}
      </Form.Item>
    </PostDialog>
  );
}

interface Totals {
  customers: Array<{
    customerId: string;
    customerName: string;
    invoices: number;
    amountFen: number;
    taxFen: number;
  }>;
  invoices: number;
  amountFen: number;
  netFen: number;
  taxFen: number;
}

/** Invoiced totals per customer over the period searched (issued and delivered; red letters reversed). */
function TotalsFooter({ query }: { query: Record<string, unknown> }) {
  const tx = useBilingual();
  const [tick, setTick] = useState(0);
  useEffect(() => onResourceChange((path) => path === PATH && setTick((t) => t + 1)), []);
  const day = (v: unknown) => (typeof v === 'string' && v ? v.slice(0, 10) : undefined);
  const params = {
    ...(query.customerId ? { customerId: String(query.customerId) } : {}),
    ...(day(query.issueTime_begin) ? { from: day(query.issueTime_begin) } : {}),
    ...(day(query.issueTime_end) ? { to: day(query.issueTime_end) } : {}),
  };
  const totals = useQuery({
    queryKey: ['invoiceTotals', params, tick],
    queryFn: () => api.get<Totals>(`${PATH}/totals`, params),
  });
  const t = totals.data;
  return (
    <Card size="small" style={{ marginTop: 12 }} data-testid="invoice-totals">
      <Space wrap size="large">
        <Typography.Text strong>{tx(['已开票合计', 'Invoiced'])}</Typography.Text>
        <span>
          {tx(['张数', 'Invoices'])} {t?.invoices ?? 0}
        </span>
        <span>
          {tx(['价税合计', 'Total incl. tax'])} ¥{yuan(t?.amountFen ?? 0)}
        </span>
        <span>
          {tx(['金额', 'Amount'])} ¥{yuan(t?.netFen ?? 0)}
        </span>
        <span>
          {tx(['税额', 'Tax'])} ¥{yuan(t?.taxFen ?? 0)}
        </span>
      </Space>
      {(t?.customers.length ?? 0) > 1 && (
        <div style={{ marginTop: 8 }}>
          {t?.customers.map((c) => (
            <div key={c.customerId}>
              {c.customerName}：{c.invoices} · ¥{yuan(c.amountFen)}
            </div>
          ))}
        </div>
      )}
    </Card>
  );
}

/** Tells the lists that show what a dialog changed. */
function announceInvoiceChange() {
  announceChange(PATH);
  announceChange('/shipping/hyShippingNote');
}

export default function InvoiceList() {
  const postAction = usePostAction();
  const customerUser = useCustomerUser();
  const { dialog, setDialog, close } = usePageDialog<Dialog>(announceInvoiceChange);
  const [query, setQuery] = useState<Record<string, unknown>>({});

  const def = useMemo<ResourcePageDef>(() => {
    const post = (
      action: 'submit' | 'issue' | 'query',
      perm: string,
      visible: (row: Row) => boolean,
    ): RowAction => ({
      key: action,
      label: STEP_LABEL[action],
      perm,
      visible,
      run: async (row) => {
        await postAction<{ state: number } | null>(
          `${PATH}/${action}`,
          { id: row.id },
          (result) => result?.state === 2,
        );
        announceChange(PATH);
      },
    });
    const open = (kind: 'reject' | 'deliver' | 'redLetter'): RowAction => ({
      key: kind,
      label: STEP_LABEL[kind],
      perm: `finance:invoice:${kind}`,
      danger: kind !== 'deliver',
      visible: (row) => canInvoice(kind as InvoiceAction, Number(row.state)),
      run: (row) => setDialog({ kind, row }),
    });
    return pageOf(invoiceResource, {
      fields: { customerName: { search: customerUser ? false : 'like' } },
      rowActions: [
        {
          key: 'pdf',
          label: ['下载PDF', 'Download PDF'],
          // Whoever lists the invoice may download it (the route checks finance:invoice:list).
          visible: (row) => Boolean(row.invoiceNo),
          run: async (row) => {
            await downloadFile(`${PATH}/pdf`, { id: row.id }, `发票${String(row.invoiceNo ?? '')}.pdf`);
          },
        },
        post('submit', 'finance:invoice:add', (row) => canInvoice('submit', Number(row.state))),
        post('issue', 'finance:invoice:issue', (row) => canInvoice('issue', Number(row.state))),
        post('query', 'finance:invoice:issue', (row) => Number(row.state) === 2),
        open('deliver'),
        open('reject'),
        open('redLetter'),
      ],
      toolbar: [
        {
          key: 'apply',
          label: ['申请开票', 'Apply for invoice'],
          perm: 'finance:invoice:add',
          run: () => setDialog({ kind: 'apply' }),
        },
      ],
      detailExtra: (row) => <InvoiceDetail invoiceId={String(row.id)} />,
      onQuery: (q) => setQuery(q),
    });
  }, [customerUser, postAction, setDialog]);

  return (
    <>
      <ResourceListPage def={def} />
      <TotalsFooter query={query} />
      {dialog?.kind === 'apply' && <ApplyDialog onClose={close} />}
      {dialog && dialog.kind !== 'apply' && (
        <StepDialog kind={dialog.kind} row={dialog.row} onClose={close} />
      )}
    </>
  );
}
