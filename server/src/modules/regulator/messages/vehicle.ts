import { type CodeTables, FieldCheck, kgToTonnes2, messageBuilder, n8, textOf } from './rules.ts';
import type { VehicleMessage } from './types.ts';
import { isLightVehicle, lightVehicleCertificate } from './waybill.ts';

// WLHY_CL1001 vehicle (reference-freight.md §1.5), from an approved vehicle.

export interface VehicleInput {
  plateNo: string | null;
  plateColor: string | null;
  vehicleType: string | null;
  owner: string | null;
  useCharacter: string | null;
  vin: string | null;
  licenseIssuer: string | null;
  /** 'YYYY-MM-DD' */
  registerDate: string | null;
  issueDate: string | null;
  energyType: string | null;
  ratedLoadKg: number | null;
  grossMassKg: number | null;
  roadTransportNo: string | null;
  trailerPlateNo: string | null;
  /** 6-digit division of the vehicle's registration, for the ≤ 4.5 t certificate substitution. */
  areaCode: string | null;
  remark?: string | null;
}

export function vehicleMessageOf(v: VehicleInput): VehicleMessage {
  const light = isLightVehicle(v.grossMassKg);
  return {
    vehicleNumber: textOf(v.plateNo),
    vehiclePlateColorCode: textOf(v.plateColor),
    vehicleType: textOf(v.vehicleType),
    owner: textOf(v.owner),
    useCharacter: textOf(v.useCharacter),
    vin: textOf(v.vin),
    issuingOrganizations: textOf(v.licenseIssuer),
    registerDate: n8(v.registerDate),
    issueDate: n8(v.issueDate),
    vehicleEnergyType: textOf(v.energyType),
    vehicleTonnage: kgToTonnes2(v.ratedLoadKg),
    grossMass: kgToTonnes2(v.grossMassKg),
    roadTransportCertificateNumber:
      textOf(v.roadTransportNo) ?? (light ? lightVehicleCertificate(v.areaCode) : undefined),
    trailerVehiclePlateNumber: textOf(v.trailerPlateNo),
    remark: textOf(v.remark),
  };
}

/** Every rule of WLHY_CL1001; a vehicle of ≤ 4.5 t must carry the six licence fields. */
export function validateVehicle(m: VehicleMessage, codes: CodeTables): FieldCheck {
  const c = new FieldCheck();
  c.an('vehicleNumber', m.vehicleNumber, 35);
  c.code('vehiclePlateColorCode', m.vehiclePlateColorCode, codes.plateColor, 'plate_color');
  c.code('vehicleType', m.vehicleType, codes.vehicleType, 'vehicle_type');
  c.an('vehicleType', m.vehicleType, 3);
  const gross = m.grossMass ? Number(m.grossMass) : undefined;
  const light = gross !== undefined && gross * 1000 <= 4_500;
  c.an('owner', m.owner, 128, { required: light });
  c.an('useCharacter', m.useCharacter, 20, { required: light });
  c.pattern('vin', m.vin, /^[A-HJ-NPR-Z0-9]{17}$/, 'an17 VIN', light);
  c.an('issuingOrganizations', m.issuingOrganizations, 128, { required: light });
  c.date('registerDate', m.registerDate, light);
  c.date('issueDate', m.issueDate, light);
  if (m.registerDate && m.issueDate) c.rule('issueDate', m.issueDate >= m.registerDate, 'n8 >= registerDate');
  c.code('vehicleEnergyType', m.vehicleEnergyType, codes.energyType, 'energy_type');
  c.decimal('vehicleTonnage', m.vehicleTonnage, 9, 2);
  c.decimal('grossMass', m.grossMass, 9, 2);
  c.an('roadTransportCertificateNumber', m.roadTransportCertificateNumber, 50);
  c.an('trailerVehiclePlateNumber', m.trailerVehiclePlateNumber, 35, { required: false });
  c.an('remark', m.remark, 256, { required: false });
  return c;
}

export const buildVehicle = messageBuilder(vehicleMessageOf, validateVehicle);

export function vehicleKey(m: VehicleMessage): string {
  return `${m.vehicleNumber ?? ''}/${m.vehiclePlateColorCode ?? ''}`;
}
