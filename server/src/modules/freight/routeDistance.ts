import { estimatedRouteKm, type LngLat, ROUTE_DISTANCE_FACTOR_KEY, routeFactorOf } from '@freight/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { hyConfig } from '../apps/index.ts';

// The planned route distance of an order: the map provider's driving distance when one is
// configured (系统配置 route_distance_amap_key, an AMap Web服务 key), else the straight line between the two
// pins times 系统配置 route_distance_factor (default 1.3). Stored on the order for risk rules and price bands.

/** 系统配置 key of the AMap Web服务 key (not the console's JS key gd_web: AMap keys are per platform). */
export const ROUTE_PROVIDER_KEY = 'route_distance_amap_key';

/** A map provider's driving distance between two WGS-84 points, in metres; null when it has no answer. */
export interface RouteDistanceProvider {
  drivingMetres(from: LngLat, to: LngLat): Promise<number | null>;
}

/**
 * AMap's driving direction API. It reads GCJ-02 points; the WGS-84 offset (a few hundred metres) is well
 * inside a route's own spread, so the points are sent as stored. Any failure answers null (the estimate).
 */
export class AmapRouteDistance implements RouteDistanceProvider {
  constructor(
    private readonly key: string,
    private readonly timeoutMs = 3000,
  ) {}

  async drivingMetres(from: LngLat, to: LngLat): Promise<number | null> {
    const url = new URL('https://restapi.amap.com/v3/direction/driving');
    url.searchParams.set('key', this.key);
    url.searchParams.set('origin', `${from.lng.toFixed(6)},${from.lat.toFixed(6)}`);
    url.searchParams.set('destination', `${to.lng.toFixed(6)},${to.lat.toFixed(6)}`);
    url.searchParams.set('extensions', 'base');
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs) });
      if (!res.ok) return null;
      const body = (await res.json()) as {
        status?: string;
        route?: { paths?: Array<{ distance?: string }> };
      };
      const metres = Number(body.route?.paths?.[0]?.distance);
      return body.status === '1' && Number.isFinite(metres) && metres > 0 ? metres : null;
    } catch {
      return null;
    }
  }
}

/** Tests and other deployments may put their own provider here (an adapter of another map vendor). */
let providerOverride: ((key: string) => RouteDistanceProvider) | null = null;
export function setRouteProvider(make: ((key: string) => RouteDistanceProvider) | null): void {
  providerOverride = make;
}

const pointOf = (lng: unknown, lat: unknown): LngLat | null =>
  lng === null || lng === undefined || lat === null || lat === undefined || lng === '' || lat === ''
    ? null
    : { lng: Number(lng), lat: Number(lat) };

/**
 * The planned distance in km (one decimal) between an order's two pins, or null while a pin is missing: the
 * provider's when configured and answering, else the straight line times the tenant's factor.
 */
export async function plannedDistanceKm(
  tx: DbOrTx,
  tenantId: number,
  values: Record<string, unknown>,
): Promise<number | null> {
  const from = pointOf(values.loadLng, values.loadLat);
  const to = pointOf(values.unloadLng, values.unloadLat);
  if (!from || !to) return null;
  const rows = await tx
    .select({ key: hyConfig.configKey, value: hyConfig.configValue })
    .from(hyConfig)
    .where(
      and(
        eq(hyConfig.tenantId, tenantId),
        inArray(hyConfig.configKey, [ROUTE_DISTANCE_FACTOR_KEY, ROUTE_PROVIDER_KEY]),
      ),
    );
  const config = new Map(rows.map((r) => [r.key, r.value]));
  const key = config.get(ROUTE_PROVIDER_KEY)?.trim();
  if (key) {
    const provider = providerOverride ? providerOverride(key) : new AmapRouteDistance(key);
    const metres = await provider.drivingMetres(from, to);
    if (metres !== null) return Math.round(metres / 100) / 10;
  }
  return estimatedRouteKm(from, to, routeFactorOf(config.get(ROUTE_DISTANCE_FACTOR_KEY)));
}
