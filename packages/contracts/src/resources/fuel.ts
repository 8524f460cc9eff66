import { z } from 'zod';
import { resource } from '../resource.ts';
import { optionalText } from '../textFields.ts';
import {
  dictSearch,
  driverNameColumn,
  fenColumn,
  hiddenKey,
  identifierColumn,
  longTextColumn,
  pickedRef,
  recordName,
  sortedFen,
  timeColumn,
  tradeTimeColumn,
} from './fields.ts';
import { newestFirst, shipperLog, tenantLogBy } from './listPresets.ts';

// 油卡管理 (/plateform/gas): fuel cards held by drivers; the recharge lines written when a waybill's fuel share
// is paid (the ledger credits the provider's fuel-card account in the same transaction); the provider's
// statement imported from Excel/CSV and matched to the recharge lines, the unmatched listed. Fields are columns
// of server/src/modules/finance/fuelSchema.ts.

/** Card state (dictionary fuel_card_state): only an active card is recharged. */
export const FUEL_CARD_STATE = { active: 1, lost: 2, disabled: 3 } as const;
/** Statement line kind (dictionary fuel_trade_kind). */
export const FUEL_TRADE_KIND = { recharge: 1, purchase: 2 } as const;
/** Provider names (dictionary fuel_card_provider), for the providers' ledger accounts. */
export const FUEL_PROVIDER_NAMES: Record<number, string> = {
  1: '中国石化',
  2: '中国石油',
  3: '中国海油',
  9: '其他',
};
/** The platform account of a provider's fuel cards (owner type 9): `fuel_card_<provider code>`. */
export const fuelCardAccountCode = (provider: number) => `fuel_card_${provider}`;

/** The configuration key of the fuel share's cap, in basis points of the driver's freight. */
export const FUEL_CAP_CONFIG_KEY = 'oil_card_max_ratio_bp';
/** The cap when the configuration has none: 30 % of the driver's freight. */
export const FUEL_CAP_DEFAULT_BP = 3000;

export const fuelCardBody = z.object({
  cardNo: z
    .string({ error: '请输入油卡号' })
    .trim()
    .min(1, '请输入油卡号')
    .max(32, '油卡号不能超过32位')
    .regex(/^[0-9A-Za-z]+$/, '油卡号只能包含数字和字母'),
  provider: z.coerce
    .number({ error: '请选择供应商' })
    .int('请选择供应商')
    .refine((v) => [1, 2, 3, 9].includes(v), '供应商不正确'),
  /** The console picks the driver; an import names it (driverName, with the plate when names repeat). */
  driverId: z.string().max(32).nullish(),
  driverName: optionalText(30),
  vehicleId: z.string().max(32).nullish(),
  plateNo: optionalText(12),
  state: z.coerce
    .number()
    .int()
    .refine((v) => [1, 2, 3].includes(v), '状态不正确')
    .default(1),
  remark: z.string().trim().max(255, '备注不能超过255字').nullish(),
});
export type FuelCardBody = z.infer<typeof fuelCardBody>;

const created = timeColumn(['创建时间', 'Created']);

export const fuelCardResource = resource({
  path: '/plateform/gas',
  permission: 'finance:gas',
  title: ['油卡管理', 'Fuel cards'],
  // A card that was recharged keeps its lines: the server refuses its delete (stop it instead).
  actions: ['add', 'edit', 'delete', 'export', 'import'],
  scope: { tenant: true },
  defaultSort: newestFirst,
  body: fuelCardBody,
  fields: {
    cardNo: recordName(['油卡号', 'Card no.'], { fixed: 'left', width: 190, copyable: true }),
    provider: dictSearch(['供应商', 'Provider'], 'fuel_card_provider', 100, {
      required: true,
      sort: true,
      importNote: '中国石化、中国石油、中国海油、其他',
    }),
    driverId: pickedRef(['持卡司机', 'Holder'], { required: true, import: false }),
    driverName: identifierColumn(
      ['持卡司机', 'Holder'],
      { width: 100 },
      { form: false, import: true, importNote: '司机姓名（须已在司机管理中）' },
    ),
    vehicleId: pickedRef(['车辆', 'Vehicle'], { import: false }),
    plateNo: {
      label: ['车牌号', 'Plate'],
      form: false,
      import: true,
      search: 'like',
      list: { width: 100 },
      importNote: '可空；须已在车辆管理中',
    },
    state: dictSearch(['状态', 'State'], 'fuel_card_state', 80, {
      tag: true,
      importNote: '正常、挂失、停用；空为正常',
    }),
    rechargedFen: fenColumn(['累计充值', 'Recharged'], 120, { import: false, sort: true }),
    consumedFen: fenColumn(['累计消费', 'Spent'], 120, { import: false }),
    balanceFen: fenColumn(['余额', 'Balance'], 120, { import: false, sort: true }),
    remark: { label: ['备注', 'Remark'], kind: 'textarea', wide: true, list: { width: 160, ellipsis: true } },
    createTime: created,
  },
});

/** Recharge lines: one per paid fuel share, matched (or not yet) to the provider's statement. */
export const fuelRechargeResource = resource({
  path: '/plateform/gas/recharge',
  permission: 'finance:gas',
  title: ['充值记录', 'Recharges'],
  ...shipperLog,
  fields: {
    createTime: { ...created, label: ['充值时间', 'Time'], search: 'range' },
    cardId: hiddenKey(['油卡', 'Card'], { export: false }),
    cardNo: { label: ['油卡号', 'Card no.'], search: true, list: { width: 190 } },
    provider: dictSearch(['供应商', 'Provider'], 'fuel_card_provider', 100),
    driverName: driverNameColumn,
    shippingNoteNumber: { label: ['运单号', 'Waybill no.'], search: true, list: { width: 180 } },
    customerId: hiddenKey(['货主', 'Customer'], { export: false }),
    amountFen: sortedFen(['充值金额', 'Amount'], 120),
    matchState: dictSearch(['对账', 'Matched'], 'match_state', 90, { tag: true }),
    statementSerialNo: { label: ['供应商流水号', 'Provider serial no.'], search: true, list: { width: 180 } },
  },
});

/** The provider's statement lines, imported; those matching no recharge line (or no card) stay unmatched. */
export const fuelStatementResource = resource({
  path: '/plateform/gas/statement',
  permission: 'finance:gas',
  title: ['油卡对账单', 'Provider statement'],
  ...tenantLogBy('tradeTime'),
  fields: {
    serialNo: { label: ['供应商流水号', 'Serial no.'], search: true, list: { width: 180 } },
    tradeTime: tradeTimeColumn,
    cardNo: { label: ['油卡号', 'Card no.'], search: true, list: { width: 190 } },
    kind: dictSearch(['类型', 'Kind'], 'fuel_trade_kind', 80),
    amountFen: sortedFen(['金额', 'Amount'], 120),
    station: longTextColumn(['油站', 'Station'], 160),
    matchState: dictSearch(['对账', 'Matched'], 'match_state', 90, { tag: true }),
    shippingNoteNumber: { label: ['对应运单', 'Waybill'], list: { width: 180 } },
  },
});

/** A line the statement import refused: its sheet row and why. */
export interface FuelImportError {
  row: number;
  message: string;
}

export interface FuelStatementImport {
  /** Lines stored (0 when any row was refused: a file is imported whole or not at all). */
  inserted: number;
  /** Serial numbers imported before. */
  skipped: number;
  matched: number;
  unmatched: number;
  errors: FuelImportError[];
  msg: string;
}
