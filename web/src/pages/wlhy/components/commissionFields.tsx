// The fee rule of agents and captains (domain.md: per tonne, per trip, %): `feeMode` from the fee_mode
// dictionary and `feeValue` stored as fen (per tonne / per trip) or basis points (percent). Both are
// hundredths, so the form shows yuan or percent with two decimals and the field converts like money.
import { ProFormDependency, ProFormDigit } from '@ant-design/pro-components';
import { type FieldDecl, type FieldDecls, formatFen, type ResourceDecl } from '@freight/contracts';
import { pageOf, type ResourceField, type ResourcePageDef } from '../../../components/resource';
import { submitAction } from './partyFields';

const PERCENT = 3;
const UNIT: Record<string, string> = { '1': '元/吨', '2': '元/趟', '3': '%' };

/** "12.00 元/吨", "500.00 元/趟" or "2.5%". */
export function commissionText(mode: unknown, value: unknown): string {
  if (value === null || value === undefined || value === '') return '--';
  const n = Number(value);
  if (Number(mode) === PERCENT) return `${n / 100}%`;
  return `${formatFen(n)} ${UNIT[String(mode)] ?? '元'}`;
}

/** What the console adds to the declared fee value: its unit by the fee rule, in the cell and the form. */
const commissionValue: Partial<ResourceField> = {
  render: (value, row) => commissionText(row.feeMode, value),
  renderFormItem: (ctx) => (
    <ProFormDependency name={['feeMode']}>
      {({ feeMode }) => (
        <ProFormDigit
          name={ctx.name}
          label={ctx.label}
          rules={ctx.rules}
          disabled={ctx.disabled}
          colProps={ctx.colProps}
          min={0}
          max={Number(feeMode) === PERCENT ? 100 : undefined}
          fieldProps={{ precision: 2, addonAfter: UNIT[String(feeMode ?? '')] ?? '元' }}
        />
      )}
    </ProFormDependency>
  ),
};

/** The screen of a person paid a commission (captains, agents): reviewed, resubmitted, the fee with its unit. */
export function commissionedPage<F extends FieldDecls & { feeValue: FieldDecl }>(
  decl: ResourceDecl<F>,
): ResourcePageDef {
  const fields: { [K in keyof F]?: Partial<ResourceField> } = {};
  fields.feeValue = commissionValue;
  return pageOf(decl, {
    review: true,
    fields,
    rowActions: [submitAction(decl.path, decl.permission)],
  });
}
