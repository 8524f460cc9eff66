import { z } from 'zod';
import { isBankCardNumber } from './rules/bankCard.ts';
import { isMobile, isResidentId, isUnifiedSocialCreditCode } from './rules/idNumbers.ts';
import { isVehiclePlate, normalizePlate } from './rules/vehiclePlate.ts';

// Payloads of the freight parties (issue 7), shared by the console forms and the server routes.

export const PARTY_MSG = {
  idCard: '请输入正确的身份证号',
  mobile: '请输入正确的手机号码',
  plate: '请输入正确的车牌号',
  creditCode: '请输入正确的统一社会信用代码',
  bankCard: '请输入正确的银行卡号',
  dateOrder: '有效期止不能早于有效期起',
  rejectReason: '驳回时必须填写原因',
} as const;

const optionalText = (max: number) => z.string().trim().max(max).nullish();
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
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
    plateColor: z.string().max(4).default('2'),
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

export const captainBody = z.object({
  captainName: z.string().trim().min(1, '请输入车队长姓名').max(30),
  idCard: residentId,
  mobile: mobileNo,
  feeMode: z.coerce.number().int().min(1).max(3).optional(),
  feeValue: z.coerce.number().int().min(0).optional(),
  collectionAgreement: optionalText(255),
});

export const agentBody = z.object({
  agentName: z.string().trim().min(1, '请输入经纪人姓名').max(50),
  idCard: residentId,
  mobile: mobileNo,
  feeMode: z.coerce.number().int().min(1).max(3).optional(),
  feeValue: z.coerce.number().int().min(0).optional(),
});

export const driverBankBody = z.object({
  driverId: z.string().min(1, '请选择司机').max(32),
  cardNo: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s+/g, ''))
    .refine(isBankCardNumber, PARTY_MSG.bankCard),
  holderName: z.string().trim().min(1, '请输入持卡人姓名').max(30),
  holderIdCard: residentId,
  bankCode: z.string().trim().min(1, '请选择银行').max(20),
  branch: optionalText(100),
  reservedMobile: mobileNo.nullish(),
  isDefault: z.boolean().optional(),
});

export const reviewBody = z
  .object({
    id: z.string().min(1).max(32),
    state: z.union([z.literal(2), z.literal(3)]),
    reason: z.string().trim().max(255).optional(),
  })
  .refine((v) => v.state !== 3 || !!v.reason, { message: PARTY_MSG.rejectReason, path: ['reason'] });
export type ReviewBody = z.infer<typeof reviewBody>;
