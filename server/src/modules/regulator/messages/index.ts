import type { ReportFieldError, ReportType } from '@freight/contracts';
import { driverKey, validateDriver } from './driver.ts';
import { fundFlowKey, validateFundFlow } from './fundFlow.ts';
import { locationKey, validateLocation } from './location.ts';
import type { CodeTables, FieldCheck } from './rules.ts';
import type {
  AnyMessage,
  DriverMessage,
  FundFlowMessage,
  LocationMessage,
  VehicleMessage,
  WaybillMessage,
} from './types.ts';
import { validateVehicle, vehicleKey } from './vehicle.ts';
import { validateWaybill, waybillKey } from './waybill.ts';

// One entry per canonical type: its field rules and the key the regulator knows the record by. The sender
// and the fake provincial servers both use these.

interface MessageKind {
  validate(content: AnyMessage, codes: CodeTables): FieldCheck;
  key(content: AnyMessage): string;
}

const KINDS: Record<ReportType, MessageKind> = {
  WLHY_YD1001: {
    validate: (m, codes) => validateWaybill(m as WaybillMessage, codes),
    key: (m) => waybillKey(m as WaybillMessage),
  },
  WLHY_ZJ1001: {
    validate: (m, codes) => validateFundFlow(m as FundFlowMessage, codes),
    key: (m) => fundFlowKey(m as FundFlowMessage),
  },
  WLHY_CL1001: {
    validate: (m, codes) => validateVehicle(m as VehicleMessage, codes),
    key: (m) => vehicleKey(m as VehicleMessage),
  },
  WLHY_JSY1001: {
    validate: (m, codes) => validateDriver(m as DriverMessage, codes),
    key: (m) => driverKey(m as DriverMessage),
  },
  WLHY_WZ1001: {
    validate: (m, codes) => validateLocation(m as LocationMessage, codes),
    key: (m) => locationKey(m as LocationMessage),
  },
};

export function validateMessage(
  type: ReportType,
  content: AnyMessage,
  codes: CodeTables,
): ReportFieldError[] {
  return KINDS[type].validate(content, codes).errors;
}

export function businessKeyOf(type: ReportType, content: AnyMessage): string {
  return `${type}:${KINDS[type].key(content)}`;
}

export * from './driver.ts';
export * from './fundFlow.ts';
export * from './location.ts';
export * from './rules.ts';
export * from './types.ts';
export * from './vehicle.ts';
export * from './waybill.ts';
