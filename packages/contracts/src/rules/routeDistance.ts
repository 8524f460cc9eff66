import { distanceMetres } from './track.ts';

// The planned route distance of an order: the map provider's driving distance
// when one is configured, else the straight line between the two pins times a configured factor. Stored on the
// order in kilometres for risk rules and price bands.

/** 系统配置 key of the factor that turns a straight line into a road distance when no map provider answers. */
export const ROUTE_DISTANCE_FACTOR_KEY = 'route_distance_factor';
export const ROUTE_DISTANCE_FACTOR_DEFAULT = 1.3;

export interface LngLat {
  lng: number;
  lat: number;
}

/** Straight-line (haversine) distance times the factor, in kilometres with one decimal. */
export function estimatedRouteKm(from: LngLat, to: LngLat, factor = ROUTE_DISTANCE_FACTOR_DEFAULT): number {
  return Math.round((distanceMetres(from, to) * factor) / 100) / 10;
}

/** The factor as configured: a positive number up to 5, else the default. */
export function routeFactorOf(configured: unknown): number {
  const value = Number(configured);
  return configured !== null && configured !== undefined && configured !== '' && value >= 1 && value <= 5
    ? value
    : ROUTE_DISTANCE_FACTOR_DEFAULT;
}
