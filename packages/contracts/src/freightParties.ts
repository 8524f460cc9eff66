import { z } from 'zod';
import { MSG } from './messages.ts';
import { isStrongPassword } from './password.ts';
import { isBankCardNumber } from './rules/bankCard.ts';
import { isMobile, isResidentId, isUnifiedSocialCreditCode } from './rules/idNumbers.ts';
import { isVehiclePlate, normalizePlate, plateKind } from './rules/vehiclePlate.ts';
import { optionalText } from './textFields.ts';

// Payloads of the freight parties, shared by the console forms and the server routes.

export const PARTY_MSG = {
  idCard: '请输入正确的身份证号',
  mobile: '请输入正确的手机号码',
  plate: '请输入正确的车牌号',
  creditCode: '请输入正确的统一社会信用代码',
  bankCard: '请输入正确的银行卡号',
  dateOrder: '有效期止不能早于有效期起',
  rejectReason: '驳回时必须填写原因',
  day: '日期格式应为 YYYY-MM-DD',
  noSuchDay: '日期不存在',
  taxNo: '请输入正确的纳税人识别号',
  account: '请输入正确的银行账号',
  companyNeedsCreditCode: '企业货主必须填写统一社会信用代码',
  perTripNoCredit: '趟结货主不设账期',
  username: '用户名为3-30位字母、数字或下划线',
  plateColour: '新能源车牌的颜色应为绿色、黄绿色或渐变绿色',
  agreementDates: '协议有效期止不能早于有效期起',
  blacklistReason: '加入黑名单必须填写原因',
} as const;

/** settle_mode 1: per trip (趟结); the modes themselves are SETTLE_MODE of rules/freightMoney. */
const SETTLE_PER_TRIP = 1;
/** Certificate expiry: warned this many days ahead, marked 4 expired once lapsed. */
export const CERT_WARN_DAYS = 30;
/** Plate colours a new-energy plate may carry: green, yellow-green, gradient green (plate_color dictionary). */
export const NEW_ENERGY_PLATE_COLOURS = ['5', '93', '94'] as const;

function isRealDay(v: string): boolean {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}
/**
 * A calendar day 'YYYY-MM-DD'. A time part is dropped: spreadsheet date cells arrive as
 * 'YYYY-MM-DD HH:mm:ss' through the importer.
 */
export const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/, PARTY_MSG.day)
  .transform((v) => v.slice(0, 10))
  .refine(isRealDay, PARTY_MSG.noSuchDay)
  .nullish();
export const residentId = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => isResidentId(v), PARTY_MSG.idCard);
export const mobileNo = z.string().trim().refine(isMobile, PARTY_MSG.mobile);
export const creditCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isUnifiedSocialCreditCode, PARTY_MSG.creditCode);
export const plateNo = z
  .string()
  .trim()
  .transform(normalizePlate)
  .refine((v) => isVehiclePlate(v), PARTY_MSG.plate);

const ordered = (from: string, to: string) => (v: Record<string, unknown>) =>
  !v[from] || !v[to] || String(v[from]) <= String(v[to]);

export const driverBody = z
  .object({
    driverName: z.string().trim().min(1, '请输入司机姓名').max(30),
    mobile: mobileNo,
    idCard: residentId,
    idCardFront: optionalText(255),
    idCardBack: optionalText(255),
    idCardValidFrom: day,
    idCardValidTo: day,
    drivingClass: optionalText(10),
    drivingIssuer: optionalText(100),
    drivingFileNo: optionalText(30),
    drivingValidFrom: day,
    drivingValidTo: day,
    drivingImg: optionalText(255),
    qualificationNo: optionalText(30),
    qualificationValidTo: day,
    qualificationImg: optionalText(255),
    captainId: optionalText(32),
    taxEntrusted: z.boolean().optional(),
  })
  .refine(ordered('idCardValidFrom', 'idCardValidTo'), {
    message: PARTY_MSG.dateOrder,
    path: ['idCardValidTo'],
  })
  .refine(ordered('drivingValidFrom', 'drivingValidTo'), {
    message: PARTY_MSG.dateOrder,
    path: ['drivingValidTo'],
  });

export const vehicleBody = z
  .object({
    plateNo,
    plateColor: z.string().trim().max(4).optional(),
    vehicleType: optionalText(4),
    owner: optionalText(100),
    useCharacter: optionalText(20),
    vin: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-HJ-NPR-Z0-9]{17}$/, '车辆识别代号应为17位（不含 I、O、Q）')
      .nullish(),
    energyType: optionalText(2),
    ratedLoadKg: z.coerce.number().int().min(0).max(200_000).nullish(),
    grossMassKg: z.coerce.number().int().min(0).max(200_000).nullish(),
    licenseIssuer: optionalText(100),
    registerDate: day,
    issueDate: day,
    licenseValidTo: day,
    licenseImg: optionalText(255),
    roadTransportNo: optionalText(30),
    roadTransportValidTo: day,
    roadTransportImg: optionalText(255),
    trailerPlateNo: optionalText(12),
    ownership: z.coerce.number().int().min(1).max(3).optional(),
    captainId: optionalText(32),
  })
  .refine(ordered('registerDate', 'issueDate'), { message: '发证日期不能早于注册日期', path: ['issueDate'] })
  .refine(
    (v) =>
      !v.plateColor ||
      plateKind(v.plateNo) !== 'newEnergy' ||
      (NEW_ENERGY_PLATE_COLOURS as readonly string[]).includes(v.plateColor),
    { message: PARTY_MSG.plateColour, path: ['plateColor'] },
  )
  .refine((v) => !v.ratedLoadKg || !v.grossMassKg || v.ratedLoadKg <= v.grossMassKg, {
    message: '核定载质量不能大于总质量',
    path: ['ratedLoadKg'],
  })
  // Vehicles over 4.5 t need a road-transport certificate (domain.md); lighter ones may waive it.
  .refine((v) => !v.grossMassKg || v.grossMassKg <= 4500 || !!v.roadTransportNo, {
    message: '总质量4.5吨以上的车辆必须填写道路运输证号',
    path: ['roadTransportNo'],
  });

export const carrierBody = z.object({
  carrierName: z.string().trim().min(1, '请输入承运人名称').max(256),
  carrierType: z.coerce.number().int().min(1).max(2).optional(),
  creditCode: creditCode.nullish(),
  permitNo: optionalText(50),
  permitValidTo: day,
  legalPerson: optionalText(50),
  contactMobile: mobileNo.nullish(),
  bankName: optionalText(100),
  bankAccount: optionalText(40),
});

/** Identity and fee rule of a person paid a commission (captains and agents). */
const commissionedPerson = {
  idCard: residentId,
  mobile: mobileNo,
  feeMode: z.coerce.number().int().min(1).max(3).optional(),
  feeValue: z.coerce.number().int().min(0).optional(),
};

export const captainBody = z.object({
  captainName: z.string().trim().min(1, '请输入车队长姓名').max(30),
  ...commissionedPerson,
  collectionAgreement: optionalText(255),
});

export const agentBody = z.object({
  agentName: z.string().trim().min(1, '请输入经纪人姓名').max(50),
  ...commissionedPerson,
});

/** A resident ID as the lists show it (`320102********0134`): a card form pre-filled from the driver list. */
export const MASKED_RESIDENT_ID = /^\d{6}\*{8}\d{3}[\dX]$/;

export const driverBankBody = z.object({
  driverId: z.string().min(1, '请选择司机').max(32),
  cardNo: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s+/g, ''))
    .refine(isBankCardNumber, PARTY_MSG.bankCard),
  holderName: z.string().trim().min(1, '请输入持卡人姓名').max(30),
  // The driver's own ID may come masked from the driver list: the server takes the driver's whole number.
  holderIdCard: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => isResidentId(v) || MASKED_RESIDENT_ID.test(v), PARTY_MSG.idCard),
  bankCode: z.string().trim().min(1, '请选择银行').max(20),
  branch: optionalText(100),
  reservedMobile: mobileNo.nullish(),
  isDefault: z.boolean().optional(),
});

/** Banks a card can be opened at (`/bank/hyBank`); the code is the one the regulator's fund flow carries. */
export const bankBody = z.object({
  bankCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,11}$/, '银行代码为2-11位字母或数字'),
  bankName: z.string().trim().min(1, '请输入银行名称').max(60),
  shortName: optionalText(20),
  sortNo: z.coerce.number().int().min(0).max(9999).optional(),
  enabled: z.boolean().optional(),
});

const fen = (max: number) => z.coerce.number().int('金额最多两位小数').min(0).max(max);

/**
 * Shipper (货主, domain.md): identity, settlement (mode, credit days, credit limit), service-fee rule and
 * invoice title. Every field optional beyond the name, so an edit may send only what changes.
 */
export const customerBody = z
  .object({
    customerName: z.string().trim().min(1, '请输入货主名称').max(200),
    /** 1 company, 2 individual. */
    customerType: z.coerce.number().int().min(1).max(2).optional(),
    creditCode: creditCode.nullish(),
    legalPerson: optionalText(50),
    licenseImg: optionalText(255),
    contactName: optionalText(50),
    contactMobile: mobileNo.nullish(),
    address: optionalText(255),
    settleMode: z.coerce.number().int().min(1).max(3).optional(),
    creditDays: z.coerce.number().int().min(0, '账期天数不能为负').max(365, '账期最多365天').optional(),
    creditLimitFen: fen(1_000_000_000_000).optional(),
    serviceFeeMode: z.coerce.number().int().min(1).max(4).optional(),
    /** Basis points of driver freight (percent and gross-up modes); gross-up needs a rate below 100 %. */
    serviceRateBp: z.coerce.number().int().min(0).max(9999, '服务费率必须小于100%').optional(),
    /** Fen per tonne or per trip (per-tonne and per-trip modes). */
    serviceFeeFen: fen(100_000_000).optional(),
    invoiceTitle: optionalText(200),
    invoiceTaxNo: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[0-9A-Z]{15,20}$/, PARTY_MSG.taxNo)
      .nullish(),
    invoiceAddress: optionalText(255),
    invoicePhone: optionalText(30),
    invoiceBank: optionalText(100),
    invoiceAccount: z
      .string()
      .trim()
      .regex(/^[0-9-]{6,40}$/, PARTY_MSG.account)
      .nullish(),
    /** 1 normal, 2 frozen. */
    status: z.coerce.number().int().min(1).max(2).optional(),
    remark: optionalText(500),
  })
  .refine((v) => v.customerType !== 1 || !!v.creditCode, {
    message: PARTY_MSG.companyNeedsCreditCode,
    path: ['creditCode'],
  })
  .refine((v) => v.settleMode !== SETTLE_PER_TRIP || !v.creditDays, {
    message: PARTY_MSG.perTripNoCredit,
    path: ['creditDays'],
  });

/**
 * Customer staff (hyCustomerUser): adding one creates their login (userType 2, or 6 for a customer admin).
 * The password is set on add; on edit it is optional and, when given, resets the password.
 */
const customerUserFields = {
  customerId: z.string().trim().min(1, '请选择货主').max(32),
  realname: z.string().trim().min(1, '请输入姓名').max(50),
  mobile: mobileNo,
  /** 2 customer staff, 6 customer admin. */
  userType: z.coerce
    .number()
    .int()
    .refine((v) => v === 2 || v === 6, '用户类型只能是货主员工或货主管理员')
    .optional(),
  post: optionalText(100),
  /** 1 normal, 2 frozen. */
  status: z.coerce.number().int().min(1).max(2).optional(),
  remark: optionalText(500),
};
const username = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_]{3,30}$/, PARTY_MSG.username);
const loginPassword = z.string().refine(isStrongPassword, MSG.passwordPolicy);
export const customerUserBody = z.object({ ...customerUserFields, username, password: loginPassword });
export const customerUserEditBody = z.object({ ...customerUserFields, password: loginPassword.optional() });

/** A customer admin administers several customers (hyCustomerAdmin). */
export const customerAdminLinkBody = z.object({
  userId: z.string().min(1).max(32),
  customerId: z.string().min(1, '请选择货主').max(32),
});

/** Driver ↔ vehicle binding (many-to-many, one default per driver). */
export const bindVehicleBody = z.object({
  driverId: z.string().min(1).max(32),
  vehicleId: z.string().min(1, '请选择车辆').max(32),
  isDefault: z.boolean().optional(),
});

/** A captain's driver or vehicle. */
export const captainMemberBody = z.object({
  captainId: z.string().min(1).max(32),
  memberId: z.string().min(1, '请选择司机或车辆').max(32),
});

/**
 * 代收运费协议: the driver lets the captain collect the freight; only under a valid one may the driver's
 * card be the captain's (domain.md driver bank card).
 */
export const collectionAgreementBody = z
  .object({
    captainId: z.string().min(1).max(32),
    driverId: z.string().min(1, '请选择司机').max(32),
    agreementNo: optionalText(50),
    agreementImg: z.string().trim().min(1, '请上传协议').max(255),
    validFrom: day,
    validTo: day,
  })
  .refine(ordered('validFrom', 'validTo'), { message: PARTY_MSG.agreementDates, path: ['validTo'] });

export const blacklistBody = z
  .object({
    id: z.string().min(1).max(32),
    blacklisted: z.boolean(),
    reason: z.string().trim().max(255).optional(),
  })
  .refine((v) => !v.blacklisted || !!v.reason, { message: PARTY_MSG.blacklistReason, path: ['reason'] });

export const reviewBody = z
  .object({
    id: z.string().min(1).max(32),
    state: z.union([z.literal(2), z.literal(3)]),
    reason: z.string().trim().max(255).optional(),
    /**
     * Approve although a required identity or certificate check failed or is missing: a senior
     * role's decision, only with its reason, which is logged.
     */
    override: z.boolean().optional(),
    overrideReason: z.string().trim().max(255).optional(),
  })
  .refine((v) => v.state !== 3 || !!v.reason, { message: PARTY_MSG.rejectReason, path: ['reason'] });
export type ReviewBody = z.infer<typeof reviewBody>;
