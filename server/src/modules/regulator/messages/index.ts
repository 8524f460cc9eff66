import type { ReportFieldError, ReportType } from '@freight/contracts';
import { driverKey, validateDriver } from './driver.ts';
import { fundFlowKey, validateFundFlow } from './fundFlow.ts';
import { locationKey, validateLocation } from './location.ts';
import type { CodeTables, FieldCheck } from './rules.ts';
import type { AnyMessage } from './types.ts';
import { validateVehicle, vehicleKey } from './vehicle.ts';
import { validateWaybill, waybillKey } from './waybill.ts';

// One entry per canonical type: its field rules and the key the regulator knows the record by. The sender
// and the fake provincial servers both use these.

interface MessageKind {
  validate(content: AnyMessage, codes: CodeTables): FieldCheck;
  key(content: AnyMessage): string;
}

/** A kind's entry: its own message type's rules and key, reached from the common message type. */
function kindOf<M extends AnyMessage>(
  validate: (content: M, codes: CodeTables) => FieldCheck,
  key: (content: M) => string,
): MessageKind {
  // The report type picks the kind, and a report's content is the message of its type.
  return { validate: (m, codes) => validate(m as M, codes), key: (m) => key(m as M) };
}

const KINDS: Record<ReportType, MessageKind> = {
  WLHY_YD1001: kindOf(validateWaybill, waybillKey),
  WLHY_ZJ1001: kindOf(validateFundFlow, fundFlowKey),
  WLHY_CL1001: kindOf(validateVehicle, vehicleKey),
  WLHY_JSY1001: kindOf(validateDriver, driverKey),
  WLHY_WZ1001: kindOf(validateLocation, locationKey),
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
