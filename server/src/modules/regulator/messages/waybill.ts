import { type CodeTables, FieldCheck, fenToYuan3, gramsToKg3, messageBuilder, n14, textOf } from './rules.ts';
import { LIGHT_VEHICLE_MAX_KG, type PlatformIdentity, type WaybillMessage } from './types.ts';

// WLHY_YD1001 electronic waybill (reference-freight.md §1.3), one per vehicle leg, from a shipping note.

export interface WaybillInput {
  platform: PlatformIdentity;
  /** Upload time. */
  sendTime: Date;
  /** The shipper's order / consignment number. */
  orderNo: string | null;
  shippingNoteNumber: string;
  serialNumber: string;
  /** Vehicles of the job (the order); 1 for one order, one vehicle. */
  vehicleAmount: number;
  transportTypeCode: string;
  businessTypeCode: string;
  /** Deal concluded: the driver's acceptance (else the dispatch). */
  consignmentTime: Date | string | null;
  despatchTime: Date | string | null;
  receiptTime: Date | string | null;
  consignor: { name: string | null; id: string | null };
  consignee: { name: string | null; id?: string | null };
  loading: { place: string | null; divisionCode: string | null };
  unloading: { place: string | null; divisionCode: string | null };
  /** What the shipper owes the platform for this leg (fen). */
  freightFen: number;
  vehicle: { plateNo: string | null; plateColor: string | null; grossMassKg: number | null };
  drivers: Array<{ name: string | null; idCard: string | null }>;
  goods: { name: string | null; cargoType: string | null; weightG: number | null };
  /** The actual carrier: a licensed carrier company, else the driver with the vehicle's certificate. */
  actualCarrier: {
    name: string | null;
    id: string | null;
    /** 道路运输经营许可证 / road transport certificate no.; null for a light vehicle uses its area code. */
    businessLicense: string | null;
    /** 6-digit division of the vehicle's registration, for the ≤ 4.5 t substitution. */
    areaCode: string | null;
  };
  insurance: { policyNumber: string; companyCode: string } | null;
  remark?: string | null;
}

export const UNINSURED = 'none';

/** The ≤ 4.5 t substitution for a certificate number: the 6-digit area code followed by 000000. */
export function lightVehicleCertificate(areaCode: string | null | undefined): string | undefined {
  return areaCode && /^\d{6}/.test(areaCode) ? `${areaCode.slice(0, 6)}000000` : undefined;
}

export function isLightVehicle(grossMassKg: number | null | undefined): boolean {
  return grossMassKg !== null && grossMassKg !== undefined && grossMassKg <= LIGHT_VEHICLE_MAX_KG;
}

export function waybillMessageOf(input: WaybillInput): WaybillMessage {
  const light = isLightVehicle(input.vehicle.grossMassKg);
  const despatch = n14(input.despatchTime);
  const receipt = n14(input.receiptTime);
  const loadingPlace = textOf(input.loading.place);
  const receiptPlace = textOf(input.unloading.place);
  return {
    originalDocumentNumber: textOf(input.orderNo) ?? input.shippingNoteNumber,
    shippingNoteNumber: textOf(input.shippingNoteNumber),
    serialNumber: textOf(input.serialNumber),
    vehicleAmount: String(input.vehicleAmount),
    transportTypeCode: input.transportTypeCode,
    businessTypeCode: input.businessTypeCode,
    sendToProDateTime: n14(input.sendTime),
    carrier: textOf(input.platform.name),
    unifiedSocialCreditIdentifier: textOf(input.platform.creditCode),
    permitNumber: textOf(input.platform.permitNumber),
    consignmentDateTime: n14(input.consignmentTime),
    despatchActualDateTime: despatch,
    goodsReceiptDateTime: receipt,
    consignorInfo: {
      consignor: textOf(input.consignor.name),
      consignorId: textOf(input.consignor.id),
      placeOfLoading: loadingPlace,
      countrySubdivisionCode: textOf(input.loading.divisionCode),
    },
    consigneeInfo: {
      consignee: textOf(input.consignee.name),
      consigneeId: textOf(input.consignee.id),
      goodsReceiptPlace: receiptPlace,
      countrySubdivisionCode: textOf(input.unloading.divisionCode),
    },
    totalMonetaryAmount: fenToYuan3(input.freightFen),
    vehicleInfo: [
      {
        vehiclePlateColorCode: textOf(input.vehicle.plateColor),
        vehicleNumber: textOf(input.vehicle.plateNo),
        despatchActualDateTime: despatch,
        goodsReceiptDateTime: receipt,
        placeOfLoading: loadingPlace,
        loadingCountrySubdivisionCode: textOf(input.loading.divisionCode),
        goodsReceiptPlace: receiptPlace,
        receiptCountrySubdivisionCode: textOf(input.unloading.divisionCode),
        driver: input.drivers.map((d) => ({ driverName: textOf(d.name), drivingLicense: textOf(d.idCard) })),
        goodsInfo: [
          {
            descriptionOfGoods: textOf(input.goods.name),
            cargoTypeClassificationCode: textOf(input.goods.cargoType),
            goodsItemGrossWeight: gramsToKg3(input.goods.weightG),
          },
        ],
      },
    ],
    actualCarrierInfo: {
      actualCarrierName: textOf(input.actualCarrier.name),
      actualCarrierId: textOf(input.actualCarrier.id),
      actualCarrierBusinessLicense:
        textOf(input.actualCarrier.businessLicense) ??
        (light ? lightVehicleCertificate(input.actualCarrier.areaCode) : undefined),
    },
    insuranceInformation: input.insurance
      ? { policyNumber: input.insurance.policyNumber, insuranceCompanyCode: input.insurance.companyCode }
      : { policyNumber: UNINSURED, insuranceCompanyCode: UNINSURED },
    remark: textOf(input.remark),
  };
}

/** Every field rule of WLHY_YD1001. */
export function validateWaybill(m: WaybillMessage, codes: CodeTables): FieldCheck {
  const c = new FieldCheck();
  c.an('originalDocumentNumber', m.originalDocumentNumber, 35);
  c.an('shippingNoteNumber', m.shippingNoteNumber, 20);
  c.pattern('serialNumber', m.serialNumber, /^\d{4}$/, 'an..4 XXYY');
  c.integer('vehicleAmount', m.vehicleAmount, 4);
  c.code('transportTypeCode', m.transportTypeCode, codes.transportType, 'transport_type');
  c.code('businessTypeCode', m.businessTypeCode, codes.businessType, 'business_type');
  c.dateTime('sendToProDateTime', m.sendToProDateTime);
  c.an('carrier', m.carrier, 512);
  c.an('unifiedSocialCreditIdentifier', m.unifiedSocialCreditIdentifier, 18, { exact: true });
  c.an('permitNumber', m.permitNumber, 50);
  c.dateTime('consignmentDateTime', m.consignmentDateTime);
  c.dateTime('despatchActualDateTime', m.despatchActualDateTime);
  c.dateTime('goodsReceiptDateTime', m.goodsReceiptDateTime);
  if (m.despatchActualDateTime && m.goodsReceiptDateTime)
    c.rule(
      'goodsReceiptDateTime',
      m.goodsReceiptDateTime >= m.despatchActualDateTime,
      'n14 >= despatchActualDateTime',
      '收货时间早于发货时间',
    );
  c.an('consignorInfo.consignor', m.consignorInfo.consignor, 512);
  c.an('consignorInfo.consignorId', m.consignorInfo.consignorId, 35);
  c.an('consignorInfo.placeOfLoading', m.consignorInfo.placeOfLoading, 256);
  c.division('consignorInfo.countrySubdivisionCode', m.consignorInfo.countrySubdivisionCode);
  c.an('consigneeInfo.consignee', m.consigneeInfo.consignee, 512);
  c.an('consigneeInfo.consigneeId', m.consigneeInfo.consigneeId, 35, { required: false });
  c.an('consigneeInfo.goodsReceiptPlace', m.consigneeInfo.goodsReceiptPlace, 256);
  c.division('consigneeInfo.countrySubdivisionCode', m.consigneeInfo.countrySubdivisionCode);
  c.decimal('totalMonetaryAmount', m.totalMonetaryAmount);
  c.nonEmpty('vehicleInfo', m.vehicleInfo);
  m.vehicleInfo.forEach((v, i) => {
    const p = `vehicleInfo[${i}]`;
    c.code(`${p}.vehiclePlateColorCode`, v.vehiclePlateColorCode, codes.plateColor, 'plate_color');
    c.an(`${p}.vehicleNumber`, v.vehicleNumber, 35);
    c.dateTime(`${p}.despatchActualDateTime`, v.despatchActualDateTime);
    c.dateTime(`${p}.goodsReceiptDateTime`, v.goodsReceiptDateTime);
    c.an(`${p}.placeOfLoading`, v.placeOfLoading, 256);
    c.division(`${p}.loadingCountrySubdivisionCode`, v.loadingCountrySubdivisionCode);
    c.an(`${p}.goodsReceiptPlace`, v.goodsReceiptPlace, 256);
    c.division(`${p}.receiptCountrySubdivisionCode`, v.receiptCountrySubdivisionCode);
    c.nonEmpty(`${p}.driver`, v.driver);
    v.driver.forEach((d, j) => {
      c.an(`${p}.driver[${j}].driverName`, d.driverName, 30);
      c.an(`${p}.driver[${j}].drivingLicense`, d.drivingLicense, 18);
    });
    c.nonEmpty(`${p}.goodsInfo`, v.goodsInfo);
    v.goodsInfo.forEach((g, j) => {
      c.an(`${p}.goodsInfo[${j}].descriptionOfGoods`, g.descriptionOfGoods, 512);
      c.code(
        `${p}.goodsInfo[${j}].cargoTypeClassificationCode`,
        g.cargoTypeClassificationCode,
        codes.cargoType,
        'cargo_type',
      );
      c.decimal(`${p}.goodsInfo[${j}].goodsItemGrossWeight`, g.goodsItemGrossWeight);
    });
  });
  c.an('actualCarrierInfo.actualCarrierName', m.actualCarrierInfo.actualCarrierName, 256);
  c.an('actualCarrierInfo.actualCarrierId', m.actualCarrierInfo.actualCarrierId, 50);
  c.an(
    'actualCarrierInfo.actualCarrierBusinessLicense',
    m.actualCarrierInfo.actualCarrierBusinessLicense,
    50,
  );
  const insurance = m.insuranceInformation;
  c.an('insuranceInformation.policyNumber', insurance.policyNumber, 50);
  if (insurance.insuranceCompanyCode !== UNINSURED)
    c.code(
      'insuranceInformation.insuranceCompanyCode',
      insurance.insuranceCompanyCode,
      codes.insuranceCompany,
      'insurance_company',
    );
  c.rule(
    'insuranceInformation',
    (insurance.policyNumber === UNINSURED) === (insurance.insuranceCompanyCode === UNINSURED),
    'none',
    '未投保时保单号与保险公司代码均为 none',
  );
  c.an('remark', m.remark, 256, { required: false });
  return c;
}

export const buildWaybill = messageBuilder(waybillMessageOf, validateWaybill);

export function waybillKey(m: WaybillMessage): string {
  return `${m.shippingNoteNumber ?? ''}/${m.serialNumber ?? ''}`;
}
