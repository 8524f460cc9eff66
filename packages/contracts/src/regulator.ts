import { z } from 'zod';

// Regulator reporting (reference-freight.md §1): canonical message types, outbox states, the
// provincial variants and the report channel's settings. Inside the product a message always carries its
// canonical type; a channel's code map renames it on the wire only.

export const REPORT_TYPES = {
  waybill: 'WLHY_YD1001',
  fundFlow: 'WLHY_ZJ1001',
  vehicle: 'WLHY_CL1001',
  driver: 'WLHY_JSY1001',
  location: 'WLHY_WZ1001',
} as const;
export type ReportType = (typeof REPORT_TYPES)[keyof typeof REPORT_TYPES];
export const REPORT_TYPE_LIST = Object.values(REPORT_TYPES) as ReportType[];

export const REPORT_TYPE_NAMES: Record<ReportType, string> = {
  WLHY_YD1001: '电子运单',
  WLHY_ZJ1001: '资金流水单',
  WLHY_CL1001: '车辆信息单',
  WLHY_JSY1001: '驾驶员信息单',
  WLHY_WZ1001: '位置信息单',
};

/** Outbox states: pending → sending → accepted | failed (code, message). */
export const REPORT_STATES = ['pending', 'sending', 'accepted', 'failed'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/**
 * The waybill's report-status columns (`report_status` dictionary) as the outbox moves: 1 due, 2 sending,
 * 3 accepted, 4 failed; 0 = nothing to report.
 */
export const REPORT_STATUS = { none: 0, due: 1, sending: 2, accepted: 3, failed: 4 } as const;

export const REPORT_VARIANTS = ['fujian', 'tianjin', 'gansu', 'shaanxi'] as const;
export type ReportVariant = (typeof REPORT_VARIANTS)[number];

export const REPORT_VARIANT_NAMES: Record<ReportVariant, string> = {
  fujian: '福建（登录令牌 + SM2封装SM4）',
  tianjin: '天津（applyToken + SM2 XML）',
  gansu: '甘肃（applyToken + SM2 XML）',
  shaanxi: '陕西（token/sign + AES-128-CBC 签名）',
};

/** What each variant answers for "accepted", unless the channel says otherwise. */
export const DEFAULT_SUCCESS_CODES: Record<ReportVariant, string> = {
  fujian: '1001',
  tianjin: '00000',
  gansu: '00000',
  shaanxi: '0000',
};

export const SM2_CIPHER_MODES = ['C1C3C2', 'C1C2C3'] as const;
export const REPORT_FORMATS = ['json', 'xml'] as const;
/** Tag case of the payload's field names: as documented (camelCase) or with an initial capital. */
export const REPORT_TAG_CASES = ['camel', 'pascal'] as const;

export const REPORT_MSG = {
  emptySelection: '请选择要重新上报的报文',
  channelNotFound: '上报通道不存在',
  noActiveChannel: '没有启用的上报通道',
  badCodeMap: '报文编码映射须为 {"WLHY_ZJ1001":"WLHY_JZ1001"} 形式，键为标准报文类型',
} as const;

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).nullish();
/** Write-only: blank or '******' on an edit keeps the stored value. */
const secret = (max: number) => z.string().max(max).nullish();

/** Message-code map: canonical type → the province's code, e.g. `{ "WLHY_ZJ1001": "WLHY_JZ1001" }`. */
export const reportCodeMap = z
  .record(z.string(), z.string().trim().min(1).max(20))
  .refine((map) => Object.keys(map).every((k) => (REPORT_TYPE_LIST as string[]).includes(k)), {
    message: REPORT_MSG.badCodeMap,
  });

const channelFields = {
  channelName: text(50).min(1, '请填写通道名称'),
  province: text(20).min(1, '请填写省份'),
  /** GB/T 2260 code of the province, e.g. 350000 (the Fujian envelope's senderCode). */
  provinceCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, '省级行政区划代码为6位数字'),
  variant: z.enum(REPORT_VARIANTS),
  enabled: z.boolean().default(false),
  environment: z.enum(['test', 'prod']).default('test'),
  baseUrl: z
    .string()
    .trim()
    .max(255)
    .regex(/^https?:\/\/[^\s]+$/, '通道地址须以 http:// 或 https:// 开头'),
  loginPath: optionalText(100),
  sendPath: optionalText(100),
  account: text(64).min(1, '请填写接入账号'),
  /** Our sender code (物流交换代码 / enterpriseSenderCode); the account when blank. */
  senderCode: optionalText(64),
  sm2CipherMode: z.enum(SM2_CIPHER_MODES).default('C1C3C2'),
  format: z.enum(REPORT_FORMATS).default('json'),
  tagCase: z.enum(REPORT_TAG_CASES).default('camel'),
  /** Comma-separated codes that mean "accepted"; the variant's default when blank. */
  successCodes: optionalText(50),
  codeMap: reportCodeMap.nullish(),
  deadlineHours: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  platformName: text(512).min(1, '请填写平台名称'),
  platformCreditCode: z
    .string()
    .trim()
    .regex(/^[0-9A-HJ-NPQRTUWXY]{18}$/, '统一社会信用代码为18位'),
  platformPermitNo: text(50).min(1, '请填写道路运输经营许可证号'),
  remark: optionalText(255),
  password: secret(200),
  sm2PublicKeySecret: secret(200),
  aesSecret: secret(200),
  aesIvSecret: secret(64),
};

export const reportChannelBody = z.object(channelFields);
export const reportChannelEditBody = z.object({ ...channelFields, id: z.string().min(1).max(32) });
export type ReportChannelBody = z.infer<typeof reportChannelBody>;

export const reportResendBody = z.object({
  ids: z.array(z.string().min(1).max(32)).max(1000),
});

/** One violated field rule of a message, e.g. `vehicleInfo[0].driver[0].drivingLicense: an..18`. */
export interface ReportFieldError {
  path: string;
  rule: string;
  message?: string;
}
