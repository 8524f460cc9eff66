// 风控参数: the rules as typed parameter sets. A row without a customer overrides the platform's
// defaults; a customer's row overrides the platform's for its waybills. The parameter inputs follow the
// chosen rule's catalog (bounds from contracts; the server refuses bad values naming the field).
import { ProFormDependency, ProFormDigit } from '@ant-design/pro-components';
import { RISK_RULES, type RiskRuleType, riskParamBody, riskParamResource } from '@freight/contracts';
import { Typography } from 'antd';
import { customerChoiceField, useCustomerOptions } from '../../components/finance/useCustomerOptions';
import { ResourceListPage, useResourcePage } from '../../components/resource';
import { useBilingual } from '../../components/resource/text';

/** "容差(%) 2；…" in the list. */
function paramsText(tx: (copy: readonly [string, string]) => string, type: unknown, value: unknown): string {
  const rule = RISK_RULES[type as RiskRuleType];
  if (!rule) return '--';
  const params = (value && typeof value === 'object' ? value : {}) as Record<string, number>;
  const keys = Object.keys(rule.params);
  if (keys.length === 0) return tx(['无参数', 'No parameters']);
  return keys.map((key) => `${tx(rule.params[key].label)} ${params[key] ?? rule.defaults[key]}`).join('；');
}

export default function RiskParamList() {
  const tx = useBilingual();
  const customers = useCustomerOptions();
  const def = useResourcePage(riskParamResource, [customers, tx], () => ({
    schema: riskParamBody,
    fields: {
      customerId: customerChoiceField(customers, [
        '平台默认（所有货主）',
        'Platform default (all customers)',
      ]),
      customerName: {
        render: (value) =>
          value ? (
            String(value)
          ) : (
            <Typography.Text type="secondary">{tx(['平台默认', 'Platform default'])}</Typography.Text>
          ),
      },
      params: {
        render: (value, row) => paramsText(tx, row.ruleType, value),
        renderFormItem: (ctx) => (
          <ProFormDependency key={ctx.name} name={['ruleType']}>
            {({ ruleType }) => {
              const rule = RISK_RULES[ruleType as RiskRuleType];
              if (!rule) return null;
              return Object.entries(rule.params).map(([key, p]) => (
                <ProFormDigit
                  key={key}
                  name={['params', key]}
                  label={tx(p.label)}
                  colProps={{ span: 12 }}
                  min={p.min}
                  max={p.max}
                  disabled={ctx.disabled}
                  placeholder={String(rule.defaults[key])}
                  fieldProps={{ precision: p.integer ? 0 : 2 }}
                  extra={tx(rule.help)}
                />
              ));
            }}
          </ProFormDependency>
        ),
      },
    },
    addDefaults: { severity: 1, enabled: true, params: {} },
  }));
  return <ResourceListPage def={def} />;
}
