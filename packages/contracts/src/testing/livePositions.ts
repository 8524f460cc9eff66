// A vehicle on the live map as the clustering tests (web) and the clustering bench build it: moving at 60 km/h
// with no driver, waybill or party attached. Test-only: imported as `@freight/contracts/testing`.
import type { LivePosition, LiveState } from '../resources/positions.ts';

export const testLivePosition = (
  i: number,
  lng: number,
  lat: number,
  liveState: LiveState,
  plateNo = `苏A${i}`,
): LivePosition => ({
  vehicleId: `v${i}`,
  plateNo,
  lng,
  lat,
  speed: 60,
  gpsTime: '2026-11-27 10:00:00',
  liveState,
  driverName: null,
  shippingNoteNumber: null,
  noteId: null,
  customerId: null,
  agentId: null,
  captainId: null,
});
