import { describe, expect, it } from 'vitest';
import { seedCodeTables } from '../fake/seedCodes.ts';
import { buildDriver, type DriverInput } from './driver.ts';
import { buildFundFlow, type FundFlowInput } from './fundFlow.ts';
import { businessKeyOf, validateMessage } from './index.ts';
import { buildLocation, type LocationInput } from './location.ts';
import { fenToYuan3, gramsToKg3, kgToTonnes2, n8, n14 } from './rules.ts';
import type { WaybillMessage } from './types.ts';
import { buildVehicle, type VehicleInput } from './vehicle.ts';
import { buildWaybill, type WaybillInput } from './waybill.ts';

// Each builder: a valid record gives the message of the fixture, field by field; each broken rule is
// reported with its field path and its rule, all of them at once.

const codes = seedCodeTables();
const PLATFORM = {
  name: '智运通网络货运平台',
  creditCode: '91320113MA1W8GXR5K',
  permitNumber: '苏交运管许可宁字320113000001号',
};
/** 2026-03-05 09:08:07 China time. */
const T0 = new Date('2026-03-05T01:08:07Z');
const at = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);

const waybillInput = (over: Partial<WaybillInput> = {}): WaybillInput => ({
  platform: PLATFORM,
  sendTime: at(30),
  orderNo: 'HY20260305000001',
  shippingNoteNumber: 'YD20260305000001',
  serialNumber: '0000',
  vehicleAmount: 1,
  transportTypeCode: '1',
  businessTypeCode: '1002996',
  consignmentTime: T0,
  despatchTime: at(2),
  receiptTime: at(9.5),
  consignor: { name: '苏州恒达建材有限公司', id: '91320500MA1N7QXY3B' },
  consignee: { name: '王收货' },
  loading: { place: '江苏省南京市栖霞区南京钢铁厂东门', divisionCode: '320113' },
  unloading: { place: '上海市宝山区宝山钢铁码头3号库', divisionCode: '310113' },
  freightFen: 512_345_67,
  vehicle: { plateNo: '苏E12345', plateColor: '2', grossMassKg: 49_000 },
  drivers: [{ name: '张三', idCard: '320102198503151234' }],
  goods: { name: '螺纹钢', cargoType: '0400', weightG: 32_150_500 },
  actualCarrier: {
    name: '张三',
    id: '320102198503151234',
    businessLicense: '320100012345',
    areaCode: '320000',
  },
  insurance: null,
  remark: null,
  ...over,
});

const WAYBILL_FIXTURE: WaybillMessage = {
  originalDocumentNumber: 'HY20260305000001',
  shippingNoteNumber: 'YD20260305000001',
  serialNumber: '0000',
  vehicleAmount: '1',
  transportTypeCode: '1',
  businessTypeCode: '1002996',
  sendToProDateTime: '20260306150807',
  carrier: '智运通网络货运平台',
  unifiedSocialCreditIdentifier: '91320113MA1W8GXR5K',
  permitNumber: '苏交运管许可宁字320113000001号',
  consignmentDateTime: '20260305090807',
  despatchActualDateTime: '20260305110807',
  goodsReceiptDateTime: '20260305183807',
  consignorInfo: {
    consignor: '苏州恒达建材有限公司',
    consignorId: '91320500MA1N7QXY3B',
    placeOfLoading: '江苏省南京市栖霞区南京钢铁厂东门',
    countrySubdivisionCode: '320113',
  },
  consigneeInfo: {
    consignee: '王收货',
    consigneeId: undefined,
    goodsReceiptPlace: '上海市宝山区宝山钢铁码头3号库',
    countrySubdivisionCode: '310113',
  },
  totalMonetaryAmount: '512345.670',
  vehicleInfo: [
    {
      vehiclePlateColorCode: '2',
      vehicleNumber: '苏E12345',
      despatchActualDateTime: '20260305110807',
      goodsReceiptDateTime: '20260305183807',
      placeOfLoading: '江苏省南京市栖霞区南京钢铁厂东门',
      loadingCountrySubdivisionCode: '320113',
      goodsReceiptPlace: '上海市宝山区宝山钢铁码头3号库',
      receiptCountrySubdivisionCode: '310113',
      driver: [{ driverName: '张三', drivingLicense: '320102198503151234' }],
      goodsInfo: [
        {
          descriptionOfGoods: '螺纹钢',
          cargoTypeClassificationCode: '0400',
          goodsItemGrossWeight: '32150.500',
        },
      ],
    },
  ],
  actualCarrierInfo: {
    actualCarrierName: '张三',
    actualCarrierId: '320102198503151234',
    actualCarrierBusinessLicense: '320100012345',
  },
  insuranceInformation: { policyNumber: 'none', insuranceCompanyCode: 'none' },
  remark: undefined,
};

function errorsOf<T>(
  result: { ok: true; message: T } | { ok: false; errors: Array<{ path: string; rule: string }> },
) {
  if (result.ok) return [];
  return result.errors.map((e) => `${e.path}: ${e.rule}`);
}

describe('units of the messages', () => {
  it('writes times in China time, money and weights with 3 decimals, tonnes with 2, without float error', () => {
    expect(n14(T0)).toBe('20260305090807');
    expect(n14('2026-12-31T16:00:00Z')).toBe('20270101000000');
    expect(n8('2026-03-05')).toBe('20260305');
    expect(fenToYuan3(1)).toBe('0.010');
    expect(fenToYuan3(123_456_789_012)).toBe('1234567890.120');
    expect(fenToYuan3(0)).toBe('0.000');
    expect(gramsToKg3(32_150_500)).toBe('32150.500');
    expect(gramsToKg3(7)).toBe('0.007');
    expect(kgToTonnes2(4_495)).toBe('4.50');
    expect(kgToTonnes2(32_000)).toBe('32.00');
  });
});

describe('WLHY_YD1001 waybill', () => {
  it('builds the fixture field by field from a valid note', () => {
    const result = buildWaybill(waybillInput(), codes);
    expect(errorsOf(result)).toEqual([]);
    if (!result.ok) return;
    expect(result.message).toEqual(WAYBILL_FIXTURE);
    expect(businessKeyOf('WLHY_YD1001', result.message)).toBe('WLHY_YD1001:YD20260305000001/0000');
  });

  it('reports every violated field with its path and rule', () => {
    const result = buildWaybill(
      waybillInput({
        shippingNoteNumber: 'YD2026030500000100001',
        serialNumber: '1',
        businessTypeCode: '9999999',
        receiptTime: null,
        loading: { place: 'x'.repeat(257), divisionCode: '3201' },
        freightFen: Number.NaN,
        vehicle: { plateNo: '苏E12345', plateColor: '7', grossMassKg: 49_000 },
        drivers: [{ name: '张三', idCard: '3201021985031512345' }],
        goods: { name: '螺纹钢', cargoType: '9999', weightG: null },
        platform: { ...PLATFORM, creditCode: '9132' },
      }),
      codes,
    );
    expect(errorsOf(result)).toEqual([
      'shippingNoteNumber: an..20',
      'serialNumber: an..4 XXYY',
      'businessTypeCode: code:business_type',
      'unifiedSocialCreditIdentifier: an18',
      'goodsReceiptDateTime: n14',
      'consignorInfo.placeOfLoading: an..256',
      'consignorInfo.countrySubdivisionCode: division',
      'totalMonetaryAmount: n..18,3',
      'vehicleInfo[0].vehiclePlateColorCode: code:plate_color',
      'vehicleInfo[0].goodsReceiptDateTime: n14',
      'vehicleInfo[0].placeOfLoading: an..256',
      'vehicleInfo[0].loadingCountrySubdivisionCode: division',
      'vehicleInfo[0].driver[0].drivingLicense: an..18',
      'vehicleInfo[0].goodsInfo[0].cargoTypeClassificationCode: code:cargo_type',
      'vehicleInfo[0].goodsInfo[0].goodsItemGrossWeight: n..18,3',
    ]);
  });

  it('substitutes the area code for the business licence of a ≤ 4.5 t vehicle, and keeps insurance', () => {
    const light = buildWaybill(
      waybillInput({
        vehicle: { plateNo: '苏A1234D', plateColor: '1', grossMassKg: 4_495 },
        actualCarrier: { name: '张三', id: '320102198503151234', businessLicense: null, areaCode: '320000' },
        insurance: { policyNumber: 'PICC2026000123', companyCode: 'PICC' },
      }),
      codes,
    );
    expect(light.ok && light.message.actualCarrierInfo.actualCarrierBusinessLicense).toBe('320000000000');
    expect(light.ok && light.message.insuranceInformation).toEqual({
      policyNumber: 'PICC2026000123',
      insuranceCompanyCode: 'PICC',
    });
    const heavy = buildWaybill(
      waybillInput({ actualCarrier: { name: '张三', id: '1', businessLicense: null, areaCode: '320000' } }),
      codes,
    );
    expect(errorsOf(heavy)).toEqual(['actualCarrierInfo.actualCarrierBusinessLicense: an..50']);
  });

  it('refuses receipt before despatch and a half-filled "none"', () => {
    const message = { ...WAYBILL_FIXTURE, goodsReceiptDateTime: '20260305100000' };
    message.insuranceInformation = { policyNumber: 'none', insuranceCompanyCode: 'PICC' };
    expect(validateMessage('WLHY_YD1001', message, codes).map((e) => `${e.path}: ${e.rule}`)).toEqual([
      'goodsReceiptDateTime: n14 >= despatchActualDateTime',
      'insuranceInformation: none',
    ]);
  });
});

const fundInput = (over: Partial<FundFlowInput> = {}): FundFlowInput => ({
  documentNumber: 'ZF20260306000001',
  carrierName: '张三',
  carrierId: '320102198503151234',
  vehicleNumber: '苏E12345',
  vehiclePlateColor: '2',
  notes: [
    { noteId: 'n1', shippingNoteNumber: 'YD20260305000001', serialNumber: '0000', freightFen: 512_345_67 },
  ],
  payments: [
    {
      meansCode: '32',
      recipient: '张三',
      account: '6222021234567890123',
      bankCode: 'ICBC',
      bankSerialNo: 'ICBC202603061500001',
      amountFen: 480_000_00,
      time: '2026-03-06T07:00:00Z',
    },
    {
      meansCode: '41',
      recipient: '张三',
      account: 'OIL0001',
      bankCode: null,
      bankSerialNo: 'OIL202603060001',
      amountFen: 32_345_67,
      time: '2026-03-06T07:00:05Z',
    },
  ],
  ...over,
});

describe('WLHY_ZJ1001 fund flow', () => {
  it('builds the fixture from a plain payment input', () => {
    const result = buildFundFlow(fundInput(), codes, at(30));
    expect(errorsOf(result)).toEqual([]);
    expect(result.ok && result.message).toEqual({
      documentNumber: 'ZF20260306000001',
      sendToProDateTime: '20260306150807',
      carrier: '张三',
      actualCarrierId: '320102198503151234',
      vehicleNumber: '苏E12345',
      vehiclePlateColorCode: '2',
      shippingNoteList: [
        { shippingNoteNumber: 'YD20260305000001', serialNumber: '0000', totalMonetaryAmount: '512345.670' },
      ],
      financiallist: [
        {
          paymentMeansCode: '32',
          recipient: '张三',
          receiptAccount: '6222021234567890123',
          bankCode: 'ICBC',
          sequenceCode: 'ICBC202603061500001',
          monetaryAmount: '480000.000',
          dateTime: '20260306150000',
        },
        {
          paymentMeansCode: '41',
          recipient: '张三',
          receiptAccount: 'OIL0001',
          bankCode: undefined,
          sequenceCode: 'OIL202603060001',
          monetaryAmount: '32345.670',
          dateTime: '20260306150005',
        },
      ],
      remark: undefined,
    });
  });

  it('reports each payment rule with its path', () => {
    const input = fundInput();
    const [first] = input.payments;
    const result = buildFundFlow(
      fundInput({
        notes: [],
        payments: [
          {
            ...(first as FundFlowInput['payments'][number]),
            meansCode: '3210',
            bankCode: 'NOBANK',
            bankSerialNo: '',
            time: 'x',
          },
        ],
      }),
      codes,
    );
    expect(errorsOf(result)).toEqual([
      'shippingNoteList: required',
      'financiallist[0].paymentMeansCode: an..3',
      'financiallist[0].paymentMeansCode: code:payment_means',
      'financiallist[0].bankCode: code:bank',
      'financiallist[0].sequenceCode: an..50',
      'financiallist[0].dateTime: n14',
    ]);
  });
});

const vehicleInput = (over: Partial<VehicleInput> = {}): VehicleInput => ({
  plateNo: '苏E12345',
  plateColor: '2',
  vehicleType: 'Q11',
  owner: '苏州恒运物流有限公司',
  useCharacter: '货运',
  vin: 'LZZ1CLVB8KA123456',
  licenseIssuer: '苏州市公安局交通警察支队',
  registerDate: '2019-04-01',
  issueDate: '2019-04-03',
  energyType: 'B',
  ratedLoadKg: 32_000,
  grossMassKg: 49_000,
  roadTransportNo: '320500012345',
  trailerPlateNo: '苏E6789挂',
  areaCode: '320000',
  ...over,
});

describe('WLHY_CL1001 vehicle', () => {
  it('builds the fixture from a vehicle', () => {
    const result = buildVehicle(vehicleInput(), codes);
    expect(result.ok && result.message).toEqual({
      vehicleNumber: '苏E12345',
      vehiclePlateColorCode: '2',
      vehicleType: 'Q11',
      owner: '苏州恒运物流有限公司',
      useCharacter: '货运',
      vin: 'LZZ1CLVB8KA123456',
      issuingOrganizations: '苏州市公安局交通警察支队',
      registerDate: '20190401',
      issueDate: '20190403',
      vehicleEnergyType: 'B',
      vehicleTonnage: '32.00',
      grossMass: '49.00',
      roadTransportCertificateNumber: '320500012345',
      trailerVehiclePlateNumber: '苏E6789挂',
      remark: undefined,
    });
  });

  it('gives a ≤ 4.5 t vehicle the area code + 000000 certificate and requires its six licence fields', () => {
    const light = buildVehicle(
      vehicleInput({ grossMassKg: 4_495, ratedLoadKg: 1_495, roadTransportNo: null }),
      codes,
    );
    expect(light.ok && light.message.roadTransportCertificateNumber).toBe('320000000000');
    const missing = buildVehicle(
      vehicleInput({
        grossMassKg: 4_495,
        roadTransportNo: null,
        owner: null,
        vin: 'ABC',
        registerDate: null,
      }),
      codes,
    );
    expect(errorsOf(missing)).toEqual(['owner: an..128', 'vin: an17 VIN', 'registerDate: n8']);
    // A heavy vehicle without its certificate has no substitution.
    expect(errorsOf(buildVehicle(vehicleInput({ roadTransportNo: null, energyType: 'Q' }), codes))).toEqual([
      'vehicleEnergyType: code:energy_type',
      'roadTransportCertificateNumber: an..50',
    ]);
  });
});

const driverInput = (over: Partial<DriverInput> = {}): DriverInput => ({
  driverName: '张三',
  idCard: '320102198503151234',
  drivingClass: 'A2',
  drivingIssuer: '南京市公安局交通警察支队',
  drivingValidFrom: '2020-01-01',
  drivingValidTo: '2030-01-01',
  qualificationNo: '320102198503151234',
  mobile: '13912345678',
  lightVehiclesOnly: false,
  ...over,
});

describe('WLHY_JSY1001 driver', () => {
  it('builds the fixture from a driver', () => {
    const result = buildDriver(driverInput(), codes);
    expect(result.ok && result.message).toEqual({
      driverName: '张三',
      drivingLicense: '320102198503151234',
      vehicleClass: 'A2',
      issuingOrganizations: '南京市公安局交通警察支队',
      validPeriodFrom: '20200101',
      validPeriodTo: '20300101',
      qualificationCertificate: '320102198503151234',
      telephone: '13912345678',
      remark: undefined,
    });
  });

  it('substitutes the qualification of a ≤ 4.5 t driver and reports each rule', () => {
    const light = buildDriver(driverInput({ qualificationNo: null, lightVehiclesOnly: true }), codes);
    expect(light.ok && light.message.qualificationCertificate).toBe('320102000000000000');
    const broken = buildDriver(
      driverInput({
        qualificationNo: null,
        driverName: '名'.repeat(31),
        drivingClass: 'Z9',
        drivingValidTo: '2019-01-01',
        mobile: '12345',
      }),
      codes,
    );
    expect(errorsOf(broken)).toEqual([
      'driverName: an..30',
      'vehicleClass: code:driving_class',
      'validPeriodTo: n8 > validPeriodFrom',
      'qualificationCertificate: an..19',
      'telephone: an..18 mobile',
    ]);
  });
});

describe('WLHY_WZ1001 location', () => {
  const input = (over: Partial<LocationInput> = {}): LocationInput => ({
    plateNo: '苏E12345',
    plateColor: '2',
    shippingNoteNumber: 'YD20260305000001',
    serialNumber: '0000',
    points: [{ time: T0, lng: 118.9089, lat: 32.1186, speed: 62.4, direction: 90 }],
    ...over,
  });

  it('builds the fixture from track points', () => {
    const result = buildLocation(input(), codes);
    expect(result.ok && result.message).toEqual({
      vehicleNumber: '苏E12345',
      vehiclePlateColorCode: '2',
      shippingNoteNumber: 'YD20260305000001',
      serialNumber: '0000',
      locationList: [
        {
          dateTime: '20260305090807',
          longitude: '118.908900',
          latitude: '32.118600',
          speed: '62',
          direction: '90',
        },
      ],
    });
  });

  it('reports coordinates out of range and an empty list', () => {
    expect(errorsOf(buildLocation(input({ points: [] }), codes))).toEqual(['locationList: required']);
    expect(
      errorsOf(
        buildLocation(
          input({ points: [{ time: T0, lng: 190, lat: 95, speed: null, direction: null }] }),
          codes,
        ),
      ),
    ).toEqual(['locationList[0].longitude: n..10,6 ±180', 'locationList[0].latitude: n..9,6 ±90']);
  });
});
