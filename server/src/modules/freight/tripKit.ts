// A waybill's trip in the API tests: dispatched and driven through its steps over the real routes.
import type { ShippingKit } from '../../test/shippingKit.ts';

type Step = Parameters<ShippingKit['drive']>[1];
type Weights = Parameters<ShippingKit['drive']>[2];

/** Dispatches the party on the order and drives the note up to `until`; answers its id and the note then. */
export async function trip(
  k: ShippingKit,
  orderId: string,
  party: { driverId: string; vehicleId: string },
  until: Step,
  weights?: Weights,
) {
  const { id } = await k.dispatch(orderId, party);
  await k.drive(id, until, weights);
  return { id, note: await k.note(id) };
}
