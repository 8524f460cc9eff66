import { z } from 'zod';
import { resource } from '../resource.ts';
import { dictSearch, recordName, timeColumn } from './fields.ts';

// 系统配置: the platform's typed business configuration (rates, limits, switches, structured
// settings) read by the modules at run time. Each value is checked against its type on both sides; every
// change is kept in the data log (who, when, before and after).

export const CONFIG_VALUE_TYPES = ['string', 'number', 'boolean', 'json'] as const;
export type ConfigValueType = (typeof CONFIG_VALUE_TYPES)[number];

/** Why a value does not fit its type, or null when it does. */
export function configValueProblem(type: ConfigValueType, value: string): string | null {
  if (type === 'number')
    return value.trim() !== '' && Number.isFinite(Number(value)) ? null : '数值型配置必须是数字';
  if (type === 'boolean')
    return value === 'true' || value === 'false' ? null : '布尔型配置只能是 true 或 false';
  if (type === 'json') {
    try {
      JSON.parse(value);
      return null;
    } catch {
      return 'JSON 型配置不是合法的 JSON';
    }
  }
  return null;
}

/** The fields of a configuration entry, unchecked across fields (the edit body extends it). */
export const configFields = z.object({
  configKey: z
    .string({ error: '请输入配置键' })
    .trim()
    .regex(/^[a-z][a-z0-9_.]{1,63}$/, '配置键以小写字母开头，只含小写字母、数字、下划线和点，2 至 64 位'),
  valueType: z.enum(CONFIG_VALUE_TYPES, { error: '类型只能是 string、number、boolean 或 json' }),
  configValue: z.string({ error: '请输入配置值' }).max(10_000, '配置值不能超过 10000 个字符'),
  description: z.string().trim().max(255, '说明不能超过 255 个字符').nullish(),
});

/** The value fits its type (a refinement over the fields: the message names the value). */
export function checkConfigValue(
  body: { valueType: ConfigValueType; configValue: string },
  context: z.RefinementCtx,
): void {
  const problem = configValueProblem(body.valueType, body.configValue);
  if (problem) context.addIssue({ code: 'custom', path: ['configValue'], message: problem });
}

export const configBody = configFields.superRefine(checkConfigValue);
export type ConfigBody = z.infer<typeof configBody>;

export const configResource = resource({
  path: '/hyconfig/hyConfig',
  permission: 'apps:config',
  title: ['系统配置', 'System configuration'],
  actions: ['add', 'edit', 'delete', 'export'],
  id: 'configKey',
  scope: { tenant: true },
  defaultSort: { field: 'configKey', order: 'asc' },
  body: configBody,
  fields: {
    configKey: recordName(
      ['配置键', 'Key'],
      { width: 220 },
      { form: 'add', placeholder: ['如 service_rate_bp', 'e.g. service_rate_bp'] },
    ),
    valueType: dictSearch(['类型', 'Type'], 'config_value_type', 100, { tag: true, required: true }),
    configValue: {
      label: ['配置值', 'Value'],
      required: true,
      list: { width: 240, ellipsis: true },
      help: [
        '数值填数字，布尔填 true 或 false，JSON 填合法的 JSON',
        'A number, true or false, or valid JSON, as the type says',
      ],
    },
    description: { label: ['说明', 'Description'], search: 'like', list: { width: 260, ellipsis: true } },
    updateBy: { label: ['修改人', 'Changed by'], form: false, list: { width: 110 } },
    updateTime: timeColumn(['修改时间', 'Changed at']),
  },
});
