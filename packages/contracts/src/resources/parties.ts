import { agentBody, captainBody, carrierBody, driverBody, vehicleBody } from '../freightParties.ts';
import { type FieldDecl, type FilterDecl, type MaskKind, type OcrKind, resource } from '../resource.ts';
import {
  countColumn,
  createdColumn,
  dictField,
  dictSearch,
  filterKey,
  type Label,
  recordName,
  switchColumn,
} from './fields.ts';
import { keptRecords, newestFirst, tenantRecords } from './listPresets.ts';

// Drivers, vehicles, carriers, captains and agents: who carries the freight, reviewed by the platform.

const DATE_NOTE = '日期，格式 YYYY-MM-DD';

/** "Certificates expiring within N days"; `?expiringWithinDays=30` pre-fills it from the bell's links. */
const expiringFilter: Record<string, FilterDecl> = {
  expiringWithinDays: { label: ['证件到期天数内', 'Expiring within (days)'], kind: 'number' },
};

/** The last day of a certificate: filtered and sorted by (the bell warns before it); `extra` tunes the rest. */
const validTo = <const E extends Omit<FieldDecl, 'label'> = Record<never, never>>(
  label: Label,
  extra: E = {} as E,
) => ({ label, kind: 'date', filter: true, sort: true, ...extra }) as const;

/**
 * A personal certificate's validity (an ID card, a driving licence): its first day, a date of the form, and its
 * last, filtered and listed (validTo), each with its import note.
 */
const validity = (zh: string, en: string) =>
  ({
    from: { label: [`${zh}有效期起`, `${en} valid from`], kind: 'date', list: false, importNote: DATE_NOTE },
    to: validTo([`${zh}有效期至`, `${en} valid to`], {
      list: { width: 120 },
      importNote: `${DATE_NOTE}，不早于有效期起`,
    }),
  }) as const;
const idCardValidity = validity('身份证', 'ID');
const drivingValidity = validity('驾驶证', 'Licence');

/** A photo of a certificate, uploaded to the `biz` folder; with `ocr`, reading it fills the form's empty fields. */
const photo = (label: Label, biz: string, ocr?: OcrKind) =>
  ({ label, kind: 'image', biz, ...(ocr ? { ocr } : {}), list: false }) as const;

/** Review state, rejection reason and creation time of every reviewed record (parties, shippers, cards). */
export const reviewFields = {
  state: dictSearch(['审核状态', 'Review state'], 'review_state', 100, { form: false, sort: true }),
  rejectReason: {
    label: ['驳回原因', 'Rejection reason'],
    form: false,
    list: { width: 160, ellipsis: true },
  },
  createTime: createdColumn,
} as const;

/**
 * Drivers and vehicles: added one by one or imported, listed newest first, seen by the captain or agent they
 * belong to, and found by how soon a certificate expires.
 */
const fleetMember = {
  actions: ['add', 'edit', 'delete', 'export', 'import'],
  scope: { tenant: true, captain: 'captainId', agent: 'agentId' },
  defaultSort: newestFirst,
  filters: expiringFilter,
} as const;

/** The captain and agent a driver or vehicle belongs to: filters of their own screens. */
const fleetOwners = {
  captainId: filterKey(['车队长', 'Captain']),
  agentId: filterKey(['经纪人', 'Agent']),
} as const;

/** A person's number (a mobile, an ID number): required, searched, masked as `mask` says. */
const personNumber = (label: Label, mask: MaskKind, width: number) =>
  ({ label, required: true, search: true, mask, list: { width } }) as const;
const mobileField = personNumber(['手机号', 'Mobile'], 'mobile', 130);
const idCardField = personNumber(['身份证号', 'ID number'], 'idCard', 180);

/** The first field of a driver or vehicle: what names the row, opening the basics and fixed in the list. */
const leadField = (label: Label, importNote: string) =>
  ({
    section: ['基本信息', 'Basics'],
    label,
    required: true,
    search: true,
    sort: true,
    list: { fixed: 'left', width: 110 },
    importNote,
  }) as const;

/** The fee rule of agents and captains: per tonne or per trip in fen, or a percentage in hundredths. */
const commissionFields = {
  feeMode: dictSearch(['佣金方式', 'Fee rule'], 'fee_mode', 90),
  feeValue: { label: ['佣金标准', 'Fee'], kind: 'fen', list: { width: 120 } },
} as const;

export const driverResource = resource({
  path: '/hydriver/hyDriver',
  permission: 'driver',
  title: ['司机管理', 'Drivers'],
  ...fleetMember,
  body: driverBody,
  fields: {
    driverName: leadField(['司机姓名', 'Name'], '与身份证一致，最多30字'),
    mobile: { ...mobileField, importNote: '11位手机号码，1开头，第二位3-9' },
    state: reviewFields.state,
    idCard: {
      section: ['身份证', 'ID card'],
      ...idCardField,
      importNote: '18位居民身份证号（校验位为X时填大写X）',
    },
    idCardValidFrom: idCardValidity.from,
    idCardValidTo: idCardValidity.to,
    idCardFront: photo(['身份证正面', 'ID card front'], 'driver', 'idCard'),
    idCardBack: photo(['身份证反面', 'ID card back'], 'driver'),
    drivingClass: dictSearch(['准驾车型', 'Licence class'], 'driving_class', 90, {
      section: ['驾驶证', 'Driving licence'],
      importNote: 'A1、A2、B1、B2、C1',
    }),
    drivingFileNo: {
      label: ['驾驶证档案编号', 'Licence file no.'],
      list: false,
      importNote: '驾驶证副页上的12位档案编号',
    },
    drivingIssuer: { label: ['驾驶证发证机关', 'Licence issuer'], list: false },
    drivingValidFrom: drivingValidity.from,
    drivingValidTo: drivingValidity.to,
    drivingImg: photo(['驾驶证照片', 'Licence photo'], 'driver', 'drivingLicence'),
    qualificationNo: {
      section: ['从业资格证', 'Qualification'],
      label: ['从业资格证号', 'Qualification no.'],
      // Most drivers' qualification number is their resident ID number: masked like it.
      mask: 'idCard',
      list: false,
      importNote: '4.5吨及以下车辆的司机可不填',
    },
    qualificationValidTo: validTo(['从业资格证有效期至', 'Qualification valid to'], {
      list: false,
      importNote: DATE_NOTE,
    }),
    qualificationImg: photo(['从业资格证照片', 'Qualification photo'], 'driver'),
    taxEntrusted: {
      section: ['其他', 'Other'],
      label: ['委托代征', 'Tax entrusted'],
      kind: 'switch',
      filter: true,
      list: false,
      import: false,
    },
    score: countColumn(['评分', 'Rating'], 80),
    blacklisted: switchColumn(['黑名单', 'Blacklisted'], 80, { filter: true, form: false }),
    blacklistReason: { label: ['拉黑原因', 'Blacklist reason'], form: false, list: false },
    rejectReason: reviewFields.rejectReason,
    ...fleetOwners,
    createTime: reviewFields.createTime,
  },
});

export const vehicleResource = resource({
  path: '/hyvehicle/hyVehicle',
  permission: 'vehicle',
  title: ['车辆管理', 'Vehicles'],
  ...fleetMember,
  body: vehicleBody,
  fields: {
    plateNo: leadField(['车牌号', 'Plate'], '如 苏A12345；新能源车牌 8 位，如 苏AD12345'),
    plateColor: dictField(['车牌颜色', 'Plate colour'], 'plate_color', {
      search: true,
      importNote: '蓝色、黄色、黑色、白色、绿色、黄绿色等（默认黄色）',
    }),
    vehicleType: dictField(['车辆类型', 'Vehicle type'], 'vehicle_type', {
      search: true,
      importNote: '行驶证上的车辆类型，如 重型半挂牵引车、普通货车',
    }),
    owner: { label: ['所有人', 'Owner'], search: true, importNote: '行驶证上的所有人' },
    useCharacter: { label: ['使用性质', 'Use'], list: false, importNote: '如 货运' },
    vin: {
      label: ['车辆识别代号', 'VIN'],
      filter: true,
      list: { width: 180, copyable: true },
      importNote: '17位VIN，不含 I、O、Q',
    },
    energyType: dictField(['能源类型', 'Energy'], 'energy_type', {
      filter: true,
      list: false,
      importNote: '汽油、柴油、电、天然气、混合动力等',
    }),
    ratedLoadKg: {
      section: ['载重与质量', 'Load and mass'],
      label: ['核定载质量(kg)', 'Rated load (kg)'],
      kind: 'number',
      filter: true,
      sort: true,
      importNote: '整数，单位千克',
    },
    grossMassKg: {
      label: ['总质量(kg)', 'Gross mass (kg)'],
      kind: 'number',
      filter: true,
      sort: true,
      list: false,
      importNote: '整数，单位千克；超过4500千克须填道路运输证号',
    },
    licenseIssuer: { label: ['行驶证发证机关', 'Licence issuer'], list: false },
    registerDate: { label: ['注册日期', 'Registered'], kind: 'date', list: false, importNote: DATE_NOTE },
    issueDate: {
      section: ['行驶证', 'Vehicle licence'],
      label: ['发证日期', 'Issued'],
      kind: 'date',
      list: false,
      importNote: `${DATE_NOTE}，不早于注册日期`,
    },
    licenseValidTo: validTo(['行驶证有效期至', 'Licence valid to'], { importNote: DATE_NOTE }),
    licenseImg: photo(['行驶证照片', 'Licence photo'], 'vehicle', 'vehicleLicence'),
    roadTransportNo: {
      section: ['道路运输证', 'Road transport permit'],
      label: ['道路运输证号', 'Road transport no.'],
      filter: true,
      list: false,
      importNote: '总质量4.5吨以上必填',
    },
    roadTransportValidTo: validTo(['道路运输证有效期至', 'Road transport valid to'], {
      importNote: DATE_NOTE,
    }),
    roadTransportImg: photo(['道路运输证照片', 'Road transport photo'], 'vehicle', 'roadTransport'),
    trailerPlateNo: { label: ['挂车车牌号', 'Trailer plate'], list: false },
    ownership: dictField(['车辆归属', 'Ownership'], 'vehicle_ownership', {
      section: ['归属与状态', 'Ownership and status'],
      filter: true,
      list: false,
      importNote: '自有、挂靠、租赁',
    }),
    transportState: dictField(['运输状态', 'Transport state'], 'transport_state', {
      search: true,
      form: false,
    }),
    // Checked with the national vehicle platform when the vehicle is registered, edited and reviewed.
    netState: dictSearch(['入网状态', 'Platform link'], 'vehicle_net_state', 100, { tag: true, form: false }),
    netCheckedAt: { label: ['入网核验时间', 'Link checked'], kind: 'datetime', form: false, list: false },
    ...reviewFields,
    ...fleetOwners,
  },
});

export const carrierResource = resource({
  path: '/carrier/hyCarrier',
  permission: 'carrier',
  title: ['承运人', 'Carriers'],
  ...tenantRecords,
  body: carrierBody,
  filters: expiringFilter,
  fields: {
    carrierName: recordName(
      ['承运人名称', 'Carrier'],
      { fixed: 'left', width: 200, ellipsis: true },
      { wide: true },
    ),
    carrierType: dictSearch(['承运人类型', 'Type'], 'carrier_type', 90),
    creditCode: {
      label: ['统一社会信用代码', 'Credit code'],
      search: true,
      list: { width: 190, copyable: true },
    },
    legalPerson: { label: ['法定代表人', 'Legal person'], filter: true, list: { width: 100 } },
    contactMobile: { label: ['联系电话', 'Contact mobile'], search: true, list: { width: 130 } },
    permitNo: {
      label: ['道路运输经营许可证号', 'Road transport permit'],
      filter: true,
      list: { width: 170 },
    },
    permitValidTo: validTo(['许可证有效期至', 'Permit valid to'], { list: { width: 120 } }),
    bankName: { label: ['开户银行', 'Bank'], list: false },
    bankAccount: { label: ['银行账号', 'Account'], mask: 'bankCard', list: false },
    ...reviewFields,
  },
});

/** Name, identity and fee rule of a person paid a commission (captains and agents). */
const commissionedPerson = {
  mobile: mobileField,
  idCard: idCardField,
  ...commissionFields,
} as const;

/** The person's name, first and fixed in the list. */
const personName = (label: string) =>
  ({
    label: [label, 'Name'],
    required: true,
    search: 'like',
    sort: true,
    list: { fixed: 'left', width: 110 },
  }) as const;

export const captainResource = resource({
  path: '/captain/hyCaptain',
  permission: 'captain',
  title: ['车队长', 'Captains'],
  ...keptRecords({ tenant: true, captain: 'id' }),
  body: captainBody,
  fields: {
    captainName: personName('车队长姓名'),
    ...commissionedPerson,
    collectionAgreement: photo(['代收运费协议模板', 'Collection agreement'], 'captain'),
    ...reviewFields,
  },
});

export const agentResource = resource({
  path: '/agent/hyAgent',
  permission: 'agent',
  title: ['经纪人', 'Agents'],
  ...keptRecords({ tenant: true, agent: 'id' }),
  body: agentBody,
  fields: {
    agentName: personName('经纪人姓名'),
    ...commissionedPerson,
    ...reviewFields,
  },
});
