// 评价管理 (spec §1 evaluations): scores of a signed waybill's driver (punctuality, service, cargo safety)
// feeding the driver's rating.
import { ProForm } from '@ant-design/pro-components';
import { evaluationBody } from '@freight/contracts';
import { Rate } from 'antd';
import { ResourceListPage, type ResourcePageDef } from '../../components/resource';
import { NotePicker } from './components/NotePicker';

const stars = (value: unknown) => <Rate disabled value={Number(value)} style={{ fontSize: 14 }} />;

const rating = (name: string, label: readonly [string, string]) => ({
  name,
  label,
  list: { width: 140 },
  render: stars,
  renderFormItem: (ctx: { name: string; label: string; disabled: boolean }) => (
    <ProForm.Item
      name={ctx.name}
      label={ctx.label}
      initialValue={5}
      rules={[{ required: true, message: '评分为1–5分' }]}
    >
      <Rate disabled={ctx.disabled} />
    </ProForm.Item>
  ),
});

const def: ResourcePageDef = {
  api: '/shipping/hyEvaluation',
  title: ['评价管理', 'Evaluations'],
  perm: 'shipping:evaluation',
  schema: evaluationBody,
  actions: { edit: false, import: false },
  fields: [
    {
      name: 'noteId',
      label: ['运单', 'Waybill'],
      list: false,
      detail: false,
      required: true,
      renderFormItem: (ctx) => (
        <ProForm.Item name={ctx.name} label={ctx.label} rules={ctx.rules} colProps={{ span: 24 }}>
          <NotePicker disabled={ctx.disabled} status="5,6,7" />
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
    { name: 'driverName', label: ['司机', 'Driver'], search: true, form: false, list: { width: 90 } },
    {
      name: 'raterRole',
      label: ['评价方', 'Rater'],
      options: [
        { value: 1, label: ['货主', 'Shipper'] },
        { value: 2, label: ['平台', 'Platform'] },
      ],
      required: true,
      list: { width: 80 },
    },
    rating('punctuality', ['准时', 'Punctuality']),
    rating('service', ['服务', 'Service']),
    rating('cargoSafety', ['货物安全', 'Cargo safety']),
    {
      name: 'score',
      label: ['综合评分', 'Score'],
      form: false,
      sorter: true,
      list: { width: 90 },
      render: (value) => (Number(value) / 100).toFixed(2),
    },
    {
      name: 'content',
      label: ['评价内容', 'Comment'],
      kind: 'textarea',
      list: { width: 200, ellipsis: true },
    },
    { name: 'tags', label: ['标签', 'Tags'], list: false },
    {
      name: 'createTime',
      label: ['评价时间', 'Rated at'],
      kind: 'datetime',
      form: false,
      sorter: true,
      search: 'range',
    },
  ],
};

export default function EvaluationList() {
  return <ResourceListPage def={def} />;
}
