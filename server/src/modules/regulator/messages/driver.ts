import { type CodeTables, FieldCheck, messageBuilder, n8, textOf } from './rules.ts';
import type { DriverMessage } from './types.ts';

// WLHY_JSY1001 driver (reference-freight.md §1.6), from an approved driver.

export interface DriverInput {
  driverName: string | null;
  idCard: string | null;
  drivingClass: string | null;
  drivingIssuer: string | null;
  /** 'YYYY-MM-DD' */
  drivingValidFrom: string | null;
  drivingValidTo: string | null;
  qualificationNo: string | null;
  mobile: string | null;
  /** Every vehicle the driver drives is ≤ 4.5 t: no qualification certificate is needed. */
  lightVehiclesOnly: boolean;
  remark?: string | null;
}

/** The ≤ 4.5 t substitution: the first 6 digits of the ID number followed by 12 zeros. */
export function lightDriverQualification(idCard: string | null | undefined): string | undefined {
  return idCard && /^\d{6}/.test(idCard) ? `${idCard.slice(0, 6)}000000000000` : undefined;
}

export function driverMessageOf(d: DriverInput): DriverMessage {
  return {
    driverName: textOf(d.driverName),
    drivingLicense: textOf(d.idCard),
    vehicleClass: textOf(d.drivingClass),
    issuingOrganizations: textOf(d.drivingIssuer),
    validPeriodFrom: n8(d.drivingValidFrom),
    validPeriodTo: n8(d.drivingValidTo),
    qualificationCertificate:
      textOf(d.qualificationNo) ?? (d.lightVehiclesOnly ? lightDriverQualification(d.idCard) : undefined),
    telephone: textOf(d.mobile),
    remark: textOf(d.remark),
  };
}

export function validateDriver(m: DriverMessage, codes: CodeTables): FieldCheck {
  const c = new FieldCheck();
  c.an('driverName', m.driverName, 30);
  c.an('drivingLicense', m.drivingLicense, 18);
  c.code('vehicleClass', m.vehicleClass, codes.drivingClass, 'driving_class');
  c.an('issuingOrganizations', m.issuingOrganizations, 128);
  c.date('validPeriodFrom', m.validPeriodFrom);
  c.date('validPeriodTo', m.validPeriodTo);
  if (m.validPeriodFrom && m.validPeriodTo)
    c.rule('validPeriodTo', m.validPeriodTo > m.validPeriodFrom, 'n8 > validPeriodFrom');
  c.an('qualificationCertificate', m.qualificationCertificate, 19);
  c.pattern('telephone', m.telephone, /^1\d{10}$/, 'an..18 mobile');
  c.an('remark', m.remark, 256, { required: false });
  return c;
}

export const buildDriver = messageBuilder(driverMessageOf, validateDriver);

export function driverKey(m: DriverMessage): string {
  return m.drivingLicense ?? '';
}
