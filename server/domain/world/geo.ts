/**
 * Geodesy helpers. Distances use geokdbush's great-circle formula so that the
 * distances we report agree exactly with the spatial index's radius test.
 */
import { distance as greatCircleKm } from 'geokdbush';

export interface LatLon {
  latitude: number;
  longitude: number;
}

const METRES_PER_DEGREE_LATITUDE = 111_195; // 6371 km * pi / 180, same sphere as geokdbush

/** Great-circle distance in metres. */
export function distanceM(latitude1: number, longitude1: number, latitude2: number, longitude2: number): number {
  return greatCircleKm(longitude1, latitude1, longitude2, latitude2) * 1000;
}

/** The point `northM` metres north and `eastM` metres east of a point (flat-earth approximation, fine below ~50 km). */
export function offsetByMetres(origin: LatLon, northM: number, eastM: number): LatLon {
  const latitude = origin.latitude + northM / METRES_PER_DEGREE_LATITUDE;
  const metresPerDegreeLongitude = METRES_PER_DEGREE_LATITUDE * Math.max(0.01, Math.cos((origin.latitude * Math.PI) / 180));
  let longitude = origin.longitude + eastM / metresPerDegreeLongitude;
  if (longitude > 180) longitude -= 360;
  if (longitude < -180) longitude += 360;
  return { latitude: Math.max(-89.9, Math.min(89.9, latitude)), longitude };
}

/** Rounds a coordinate to 6 decimals (~0.1 m), enough for hotels and stable in JSON. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
