// 评价管理 (evaluations): scores of a signed waybill's driver (punctuality, service, cargo safety)
// feeding the driver's rating.
import { ProForm } from '@ant-design/pro-components';
import { evaluationResource, SHIPPING_STATUS } from '@freight/contracts';
import { Rate } from 'antd';
import { type FormItemContext, pageOf, ResourceListPage } from '../../components/resource';
import { NotePicker } from './components/NotePicker';

/** Signed, audited or completed: the waybills that may be rated. */
const RATEABLE = [SHIPPING_STATUS.signed, SHIPPING_STATUS.audited, SHIPPING_STATUS.completed].join(',');

/** A 1–5 score: stars in the cell and the form. */
const stars = {
  render: (value: unknown) => <Rate disabled value={Number(value)} style={{ fontSize: 14 }} />,
  renderFormItem: (ctx: FormItemContext) => (
    <ProForm.Item
      name={ctx.name}
      label={ctx.label}
      initialValue={5}
      rules={[{ required: true, message: '评分为1–5分' }]}
    >
      <Rate disabled={ctx.disabled} />
    </ProForm.Item>
  ),
};

const def = pageOf(evaluationResource, {
  fields: {
    noteId: {
      renderFormItem: (ctx) => (
        <ProForm.Item name={ctx.name} label={ctx.label} rules={ctx.rules} colProps={{ span: 24 }}>
          <NotePicker disabled={ctx.disabled} status={RATEABLE} />
        </ProForm.Item>
      ),
    },
    punctuality: stars,
    service: stars,
    cargoSafety: stars,
    score: { render: (value) => (Number(value) / 100).toFixed(2) },
  },
});

export default function EvaluationList() {
  return <ResourceListPage def={def} />;
}
