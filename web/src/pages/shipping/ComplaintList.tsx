// 投诉管理 (spec §1 complaints): submitted → handling → resolved | closed, with handler and result.
import { ProForm } from '@ant-design/pro-components';
import { complaintBody } from '@freight/contracts';
import { App, Input, Modal } from 'antd';
import { ResourceListPage, type ResourcePageDef } from '../../components/resource';
import { api, errorText } from '../../services/request';
import { NotePicker } from './components/NotePicker';

type Row = Record<string, unknown>;

const ROLES = [
  { value: 1, label: ['货主', 'Shipper'] as const },
  { value: 2, label: ['司机', 'Driver'] as const },
  { value: 3, label: ['经纪人', 'Agent'] as const },
  { value: 4, label: ['平台', 'Platform'] as const },
];
const TYPES = [
  { value: 1, label: ['服务态度', 'Service'] as const },
  { value: 2, label: ['运输延误', 'Delay'] as const },
  { value: 3, label: ['货物损坏', 'Cargo damage'] as const },
  { value: 4, label: ['费用争议', 'Fee dispute'] as const },
  { value: 5, label: ['其他', 'Other'] as const },
];

/** Asks for the handling result, then runs the step. */
function withResult(title: string, required: boolean, run: (result: string) => Promise<void>) {
  let result = '';
  Modal.confirm({
    title,
    content: (
      <Input.TextArea
        aria-label="result"
        rows={4}
        maxLength={500}
        placeholder="处理结果"
        onChange={(e) => {
          result = e.target.value;
        }}
      />
    ),
    onOk: async () => {
      if (required && !result.trim()) throw new Error('请填写处理结果');
      await run(result);
    },
  });
}

export default function ComplaintList() {
  const { message } = App.useApp();
  const step = (action: 'handle' | 'resolve' | 'close', row: Row, reload: () => void, result?: string) =>
    api
      .post(`/shipping/hyComplaint/${action}`, { id: row.id, result })
      .then(() => {
        message.success('操作成功');
        reload();
      })
      .catch((error) => {
        message.error(errorText(error));
        throw error;
      });
  const def: ResourcePageDef = {
    api: '/shipping/hyComplaint',
    title: ['投诉管理', 'Complaints'],
    perm: 'shipping:complaint',
    schema: complaintBody,
    actions: { import: false },
    editable: (row) => Number(row.status) === 0,
    fields: [
      {
        name: 'complaintNo',
        label: ['投诉单号', 'No.'],
        search: true,
        sorter: true,
        form: false,
        list: { width: 150 },
      },
      {
        name: 'noteId',
        label: ['运单', 'Waybill'],
        list: false,
        detail: false,
        required: true,
        renderFormItem: (ctx) => (
          <ProForm.Item name={ctx.name} label={ctx.label} rules={ctx.rules} colProps={{ span: 24 }}>
            <NotePicker disabled={ctx.disabled} />
          </ProForm.Item>
        ),
      },
      {
        name: 'shippingNoteNumber',
        label: ['运单号', 'Waybill no.'],
        search: true,
        form: false,
        list: { width: 160 },
      },
      { name: 'complainantRole', label: ['投诉方', 'Complainant'], options: ROLES, list: { width: 80 } },
      {
        name: 'complainantName',
        label: ['投诉人', 'Complainant name'],
        required: true,
        search: true,
        list: { width: 90 },
      },
      { name: 'respondentRole', label: ['被投诉方', 'Respondent'], options: ROLES, list: false },
      { name: 'respondentName', label: ['被投诉人', 'Respondent name'], list: { width: 90 } },
      {
        name: 'complaintType',
        label: ['投诉类型', 'Type'],
        options: TYPES,
        search: true,
        list: { width: 90 },
      },
      {
        name: 'content',
        label: ['投诉内容', 'Content'],
        kind: 'textarea',
        required: true,
        list: { width: 220, ellipsis: true },
      },
      { name: 'images', label: ['图片', 'Image'], kind: 'image', biz: 'complaint', list: false },
      {
        name: 'status',
        label: ['状态', 'Status'],
        kind: 'dict',
        dict: 'complaint_status',
        search: true,
        form: false,
        list: { width: 80 },
      },
      { name: 'handler', label: ['处理人', 'Handler'], form: false, list: { width: 80 } },
      { name: 'result', label: ['处理结果', 'Result'], form: false, list: { width: 180, ellipsis: true } },
      {
        name: 'createTime',
        label: ['投诉时间', 'Submitted'],
        kind: 'datetime',
        form: false,
        sorter: true,
        search: 'range',
      },
    ],
    rowActions: [
      {
        key: 'handle',
        label: ['受理', 'Take on'],
        perm: 'shipping:complaint:handle',
        visible: (row) => Number(row.status) === 0,
        confirm: ['确定受理该投诉吗?', 'Take on this complaint?'],
        run: (row, { reload }) => step('handle', row, reload),
      },
      {
        key: 'resolve',
        label: ['解决', 'Resolve'],
        perm: 'shipping:complaint:handle',
        visible: (row) => Number(row.status) === 1,
        run: (row, { reload }) =>
          withResult('解决投诉', true, (result) => step('resolve', row, reload, result)),
      },
      {
        key: 'close',
        label: ['关闭', 'Close'],
        perm: 'shipping:complaint:handle',
        danger: true,
        visible: (row) => [0, 1, 2].includes(Number(row.status)),
        run: (row, { reload }) =>
          withResult('关闭投诉', false, (result) => step('close', row, reload, result || undefined)),
      },
    ],
  };
  return <ResourceListPage def={def} />;
}
