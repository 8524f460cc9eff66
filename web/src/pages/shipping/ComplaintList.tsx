// 投诉管理 (complaints): submitted → handling → resolved | closed, with handler and result.
import { ProForm } from '@ant-design/pro-components';
import { COMPLAINT_STATUS, COMPLAINT_TRANSITIONS, complaintResource } from '@freight/contracts';
import { App, Input, Modal } from 'antd';
import { pageOf, ResourceListPage } from '../../components/resource';
import { api, errorText } from '../../services/request';
import { NotePicker } from './components/NotePicker';

type Row = Record<string, unknown>;

/** Whether a complaint's status lets the step start. */
const can = (action: keyof typeof COMPLAINT_TRANSITIONS, row: Row) =>
  (COMPLAINT_TRANSITIONS[action].from as readonly number[]).includes(Number(row.status));

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
      .post(`${complaintResource.path}/${action}`, { id: row.id, result })
      .then(() => {
        message.success('操作成功');
        reload();
      })
      .catch((error) => {
        message.error(errorText(error));
        throw error;
      });
  const def = pageOf(complaintResource, {
    editable: (row) => Number(row.status) === COMPLAINT_STATUS.submitted,
    fields: {
      noteId: {
        renderFormItem: (ctx) => (
          <ProForm.Item name={ctx.name} label={ctx.label} rules={ctx.rules} colProps={{ span: 24 }}>
            <NotePicker disabled={ctx.disabled} />
          </ProForm.Item>
        ),
      },
    },
    rowActions: [
      {
        key: 'handle',
        label: ['受理', 'Take on'],
        perm: 'shipping:complaint:handle',
        visible: (row) => can('handle', row),
        confirm: ['确定受理该投诉吗?', 'Take on this complaint?'],
        run: (row, { reload }) => step('handle', row, reload),
      },
      {
        key: 'resolve',
        label: ['解决', 'Resolve'],
        perm: 'shipping:complaint:handle',
        visible: (row) => can('resolve', row),
        run: (row, { reload }) =>
          withResult('解决投诉', true, (result) => step('resolve', row, reload, result)),
      },
      {
        key: 'close',
        label: ['关闭', 'Close'],
        perm: 'shipping:complaint:handle',
        danger: true,
        visible: (row) => can('close', row),
        run: (row, { reload }) =>
          withResult('关闭投诉', false, (result) => step('close', row, reload, result || undefined)),
      },
    ],
  });
  return <ResourceListPage def={def} />;
}
