import { type CodeTables, FieldCheck, messageBuilder, n14, textOf } from './rules.ts';
import type { LocationMessage } from './types.ts';

// WLHY_WZ1001 location (provinces that ask for it): a vehicle's GPS fixes during a waybill.

export interface LocationInput {
  plateNo: string | null;
  plateColor: string | null;
  shippingNoteNumber: string | null;
  serialNumber: string | null;
  points: Array<{
    time: Date | string;
    lng: number;
    lat: number;
    speed: number | null;
    direction: number | null;
  }>;
}

const degrees = (value: number) => (Number.isFinite(value) ? value.toFixed(6) : undefined);

export function locationMessageOf(input: LocationInput): LocationMessage {
  return {
    vehicleNumber: textOf(input.plateNo),
    vehiclePlateColorCode: textOf(input.plateColor),
    shippingNoteNumber: textOf(input.shippingNoteNumber),
    serialNumber: textOf(input.serialNumber),
    locationList: input.points.map((p) => ({
      dateTime: n14(p.time),
      longitude: degrees(p.lng),
      latitude: degrees(p.lat),
      speed: p.speed === null ? undefined : String(Math.max(0, Math.round(p.speed))),
      direction: p.direction === null ? undefined : String(Math.round(p.direction)),
    })),
  };
}

const LONGITUDE = /^-?\d{1,3}\.\d{6}$/;
const LATITUDE = /^-?\d{1,2}\.\d{6}$/;

export function validateLocation(m: LocationMessage, codes: CodeTables): FieldCheck {
  const c = new FieldCheck();
  c.an('vehicleNumber', m.vehicleNumber, 35);
  c.code('vehiclePlateColorCode', m.vehiclePlateColorCode, codes.plateColor, 'plate_color');
  c.an('shippingNoteNumber', m.shippingNoteNumber, 20, { required: false });
  c.pattern('serialNumber', m.serialNumber, /^\d{4}$/, 'an..4 XXYY', false);
  c.nonEmpty('locationList', m.locationList);
  m.locationList.forEach((p, i) => {
    const path = `locationList[${i}]`;
    c.dateTime(`${path}.dateTime`, p.dateTime);
    c.pattern(`${path}.longitude`, p.longitude, LONGITUDE, 'n..10,6');
    c.pattern(`${path}.latitude`, p.latitude, LATITUDE, 'n..9,6');
    if (p.longitude) c.rule(`${path}.longitude`, Math.abs(Number(p.longitude)) <= 180, 'n..10,6 ±180');
    if (p.latitude) c.rule(`${path}.latitude`, Math.abs(Number(p.latitude)) <= 90, 'n..9,6 ±90');
    c.integer(`${path}.speed`, p.speed, 3, false);
    c.integer(`${path}.direction`, p.direction, 3, false);
  });
  return c;
}

export const buildLocation = messageBuilder(locationMessageOf, validateLocation);

export function locationKey(m: LocationMessage): string {
  return `${m.vehicleNumber ?? ''}/${m.locationList[0]?.dateTime ?? ''}`;
}
