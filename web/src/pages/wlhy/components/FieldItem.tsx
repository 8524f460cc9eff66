// A page's own form control (a remote or bank select) placed like the built-in ones: half of the
// two-column grid of the add/edit form (full width on phones), with the field's label and rules.
import { ProForm } from '@ant-design/pro-components';
import { Col } from 'antd';
import type { ReactNode } from 'react';
import type { FormItemContext } from '../../../components/resource';

export function FieldItem({ ctx, children }: { ctx: FormItemContext; children: ReactNode }) {
  return (
    <Col {...(ctx.colProps ?? { xs: 24, sm: 12 })}>
      <ProForm.Item name={ctx.name} label={ctx.label} rules={ctx.rules}>
        {children}
      </ProForm.Item>
    </Col>
  );
}
