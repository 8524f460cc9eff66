import { z } from 'zod';
import { strongPassword } from './password.ts';
import { isMobile } from './rules/idNumbers.ts';
import { identifierCode } from './systemTools.ts';
import { optionalText, requiredCode, requiredText } from './textFields.ts';

// Payloads of the access-control screens of system administration (users, roles, menus and data
// rules, departments, dictionaries, positions, tenants), shared by the console forms and the server routes.

export const ACCESS_MSG = {
  mobile: '请输入正确的手机号码',
  email: '请输入正确的邮箱',
  usernameTaken: '用户账号已存在',
  phoneTaken: '手机号已存在',
  emailTaken: '邮箱已存在',
  workNoTaken: '工号已存在',
  roleCodeTaken: '角色编码已存在',
  departHasChildren: '该部门下还有下级部门，不能删除',
  departHasUsers: '该部门下还有用户，不能删除',
  menuHasChildren: '请先删除下级菜单',
  permsTaken: '授权标识已存在',
} as const;

const id = z.string().min(1).max(32);
/** Comma-separated ids as the reference sends them (`selectedroles`, `ids`). */
export const commaIds = z.string().max(20_000);

export const USER_TYPES = [1, 2, 3, 6] as const;

export const userFields = {
  username: z
    .string({ error: '请输入用户账号' })
    .trim()
    .min(2, '用户账号至少2个字符')
    .max(64, '用户账号最多64个字符')
    .regex(/^[A-Za-z0-9_.@-]+$/, '用户账号只能包含字母、数字和 _ . @ -'),
  realname: requiredText('请输入用户姓名', 100),
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || isMobile(v), ACCESS_MSG.mobile)
    .nullish(),
  email: z.union([z.literal(''), z.email(ACCESS_MSG.email).max(100)]).nullish(),
  sex: z.coerce.number().int().min(0).max(2).nullish(),
  birthday: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}/, '日期格式应为 YYYY-MM-DD')
    .transform((v) => v.slice(0, 10))
    .nullish(),
  workNo: optionalText(100),
  /** Position code (sys_position.code). */
  post: optionalText(100),
  telephone: optionalText(45),
  /** Current department; must be one of the user's departments when they are sent. */
  orgCode: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9]*$/, '部门编码不正确')
    .nullish(),
  userType: z.coerce
    .number()
    .int()
    .refine((v) => (USER_TYPES as readonly number[]).includes(v), '用户类型不正确')
    .optional(),
  cid: optionalText(32),
  status: z.coerce.number().int().min(1).max(2).optional(),
  /** 1 member, 2 leader. */
  userIdentity: z.coerce.number().int().min(1).max(2).nullish(),
  /** Tenants the user may act in ("1,2"). */
  relTenantIds: z
    .string()
    .max(256)
    .regex(/^[0-9,]*$/, '租户不正确')
    .nullish(),
  avatar: optionalText(255),
  /** Comma-separated role ids and department ids (reference field names). */
  selectedroles: z.string().max(5000).optional(),
  selecteddeparts: z.string().max(5000).optional(),
};

export const userAddBody = z.object({ ...userFields, password: strongPassword });
export const userEditBody = z.object({ id, ...userFields, username: userFields.username.optional() });
/** An imported user row names its roles and departments by code, where the form sends ids. */
export const userImportBody = userAddBody.extend({
  roleCodes: z.string().max(2000).optional(),
  departCodes: z.string().max(2000).optional(),
});

export const frozenBatchBody = z.object({
  ids: commaIds.min(1),
  status: z.coerce.number().int().min(1).max(2),
});

/** A role's name, code and description; `role` names which kind of role the messages ask for. */
const roleFields = (role: '角色' | '部门角色', nameMax: number) => ({
  roleName: requiredText(`请输入${role}名称`, nameMax),
  roleCode: requiredCode(`请输入${role}编码`, 100, /^[A-Za-z0-9_]+$/, '角色编码只能包含字母、数字和下划线'),
  description: optionalText(255),
});

export const roleBody = z.object(roleFields('角色', 200));

/** Menu types of sys_permission.menu_type. */
export const MENU_TYPES = { top: 0, sub: 1, button: 2 } as const;

// Every field of the menu item (path = url, name, component, redirect, hidden, alwaysShow,
// meta: icon, keepAlive, internalOrExternal, route flag, hideTab) plus the button's code and type.
export const menuBody = z.object({
  parentId: z.string().max(32).nullish(),
  name: requiredText('请输入菜单名称', 100),
  nameEn: optionalText(100),
  url: optionalText(255),
  component: optionalText(255),
  componentName: optionalText(100),
  redirect: optionalText(255),
  menuType: z.coerce.number().int().min(0).max(2),
  perms: z
    .string()
    .trim()
    .max(255)
    .regex(/^[A-Za-z0-9_:,.-]*$/, '授权标识只能包含字母、数字和 _ : , . -')
    .nullish(),
  permsType: z.enum(['1', '2']).optional(),
  sortNo: z.coerce.number().min(-100_000).max(100_000).optional(),
  alwaysShow: z.boolean().optional(),
  icon: optionalText(100),
  route: z.boolean().optional(),
  keepAlive: z.boolean().optional(),
  hidden: z.boolean().optional(),
  hideTab: z.boolean().optional(),
  description: optionalText(255),
  status: z.enum(['0', '1']).optional(),
  internalOrExternal: z.boolean().optional(),
});

export const DATA_RULE_CONDITIONS = [
  '=',
  '!=',
  '>',
  '>=',
  '<',
  '<=',
  'IN',
  'LIKE',
  'LEFT_LIKE',
  'RIGHT_LIKE',
] as const;

/** Variables a rule value may use; resolved from the signed-in user. */
export const DATA_RULE_VARIABLES = [
  '#{sys_user_code}',
  '#{sys_user_name}',
  '#{sys_org_code}',
  '#{sys_multi_org_code}',
  '#{sys_date}',
  '#{sys_time}',
  '#{tenant_id}',
] as const;

// Raw-SQL rules of the reference (USE_SQL_RULES) are refused on purpose (docs/decisions.md).
export const dataRuleBody = z.object({
  permissionId: id,
  ruleName: requiredText('请输入规则名称', 50),
  ruleColumn: requiredCode('请输入规则字段', 50, /^[A-Za-z_][A-Za-z0-9_]*$/, '规则字段只能是字段名'),
  ruleConditions: z.enum(DATA_RULE_CONDITIONS, { error: '请选择条件规则' }),
  ruleValue: requiredText('请输入规则值', 300),
  status: z.enum(['0', '1']).optional(),
});

export const departBody = z.object({
  parentId: z.string().max(32).nullish(),
  departName: requiredText('请输入机构名称', 100),
  departNameEn: optionalText(500),
  departNameAbbr: optionalText(500),
  departOrder: z.coerce.number().int().min(0).max(100_000).optional(),
  description: optionalText(2000),
  /** 1 company, 2 organisation, 3 post. */
  orgCategory: z.enum(['1', '2', '3']).optional(),
  mobile: z
    .string()
    .trim()
    .max(32)
    .regex(/^[0-9+\-() ]*$/, '请输入正确的电话号码')
    .nullish(),
  fax: optionalText(32),
  address: optionalText(100),
  memo: optionalText(500),
});

export const departRoleBody = z.object({ departId: id, ...roleFields('部门角色', 100) });

/** Saves a grant set: the permission ids now held (reference saveRolePermission and its siblings). */
export const grantBody = z.object({
  permissionIds: commaIds,
  lastpermissionIds: commaIds.optional(),
});

export const dictBody = z.object({
  dictName: requiredText('字典名称不能为空!', 100),
  dictCode: requiredCode(
    '字典Code不能为空!',
    100,
    /^[A-Za-z][A-Za-z0-9_]*$/,
    '字典Code只能包含字母、数字和下划线，且以字母开头',
  ),
  description: optionalText(255),
  type: z.coerce.number().int().min(0).max(1).optional(),
});

export const dictItemBody = z.object({
  dictId: z.string({ error: '字典不能为空!' }).min(1, '字典不能为空!').max(32),
  itemText: requiredText('名称不能为空!', 100),
  itemValue: requiredText('数据值不能为空!', 100),
  /** The text English mode shows (the Chinese one when empty). */
  itemTextEn: optionalText(100),
  itemColor: z
    .string()
    .max(20)
    .regex(/^(#[0-9A-Fa-f]{3,8}|[a-z]*)$/, '颜色应为 #RRGGBB 或颜色名')
    .nullish(),
  description: optionalText(255),
  sortOrder: z.coerce.number().int().min(-100_000).max(100_000).optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
});

export const positionBody = z.object({
  code: identifierCode('职务编码'),
  name: requiredText('职务名称不能为空', 100),
  postRank: z.coerce.string().trim().max(2, '职级最多2位').nullish(),
  companyId: optionalText(255),
});

const tenantFields = {
  name: requiredText('租户名称不能为空', 100),
  beginDate: z.coerce.date().nullish(),
  endDate: z.coerce.date().nullish(),
  /** 1 active, 0 frozen. */
  status: z.coerce.number().int().min(0).max(1).optional(),
};
const datesInOrder = (v: { beginDate?: Date | null; endDate?: Date | null }) =>
  !v.beginDate || !v.endDate || v.beginDate <= v.endDate;
export const TENANT_DATE_ORDER_MSG = '结束时间不能早于开始时间';
export const tenantAddBody = z
  .object({
    id: z.coerce.number({ error: '租户编号不能为空' }).int().min(1, '租户编号必须大于0').max(2_000_000_000),
    ...tenantFields,
  })
  .refine(datesInOrder, { message: TENANT_DATE_ORDER_MSG, path: ['endDate'] });
export const tenantEditBody = z
  .object({ id: z.coerce.string().regex(/^\d{1,10}$/, '租户编号不正确'), ...tenantFields })
  .refine(datesInOrder, { message: TENANT_DATE_ORDER_MSG, path: ['endDate'] });
