/**
 * Generates fixtures/coastMask.json: where the sea is around the world generator's coastal cities
 * and large airports, so that no hotel is generated in the water (server/domain/world/coastMask.ts).
 *
 * Source: Natural Earth 1:10m land polygons (public domain), as TopoJSON in the `world-atlas` npm
 * package (dev dependency, ISC), read with `topojson-client`. For every city the default world
 * gives hotels (allocateHotels) and every large airport (largeAirports), a square raster of 250 m
 * cells covers the farthest a hotel can be placed (MAX_SPREADS spreads from a city centre, 4.5 km
 * from an airport) plus a margin; a cell is sea when its centre is outside every land polygon
 * (even-odd scan lines over the polygon edges). Only rasters with at least one sea cell are kept.
 * Output: `{ "source": ..., "cellM": 250, "rasters": [[key, latitude, longitude, size, bits], ...] }`, the bits raw-deflated
 * and in base64 (row by row from the south-west cell, 1 = sea).
 * Run `npx tsx scripts/gen-coast-mask.ts` after changing the generator's cities or spreads.
 */
import { writeFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { feature } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import { largeAirports } from '../server/domain/world/airportHotels.js';
import { cityLatitude, cityLongitude, loadCities } from '../server/domain/world/cities.js';
import { COAST_CELL_M, rasterGrid } from '../server/domain/world/coastMask.js';
import { allocateHotels, citySpreadM, DEFAULT_HOTEL_COUNT, MAX_SPREADS } from '../server/domain/world/generate.js';

const require = createRequire(import.meta.url);
/** Latitude band of the edge index, degrees. */
const BAND = 0.05;
/** Cells beyond the farthest hotel position. */
const MARGIN_CELLS = 2;
/** Farthest an airport hotel is from its airport (airportHotels.ts: 300 m + up to 4.2 km). */
const AIRPORT_REACH_M = 4_500;

/** Land polygon edges as [x1, y1, x2, y2] runs, indexed by latitude band. */
function landEdges(): { edges: Float64Array; bands: Map<number, number[]> } {
  const topology = require('world-atlas/land-10m.json') as Topology<{ land: GeometryCollection }>;
  const land = feature(topology, topology.objects.land) as unknown as { features: Array<{ geometry: { type: string; coordinates: number[][][] | number[][][][] } }> };
  const flat: number[] = [];
  for (const { geometry } of land.features) {
    const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as number[][][][];
    for (const rings of polygons) {
      for (const ring of rings) {
        // Rings that cross the antimeridian (Eurasia through Chukotka) are unwrapped: a jump of more
        // than 180° shifts the rest of the ring by 360°, so each ring is a plain closed polygon.
        let shift = 0;
        for (let i = 0; i + 1 < ring.length; i++) {
          const [x1, y1] = ring[i]!;
          const [x2, y2] = ring[i + 1]!;
          const from = x1! + shift;
          if (x2! + shift - from > 180) shift -= 360;
          else if (x2! + shift - from < -180) shift += 360;
          if (y1 !== y2) flat.push(from, y1!, x2! + shift, y2!);
        }
      }
    }
  }
  const edges = Float64Array.from(flat);
  const bands = new Map<number, number[]>();
  for (let e = 0; e < edges.length; e += 4) {
    const low = Math.floor(Math.min(edges[e + 1]!, edges[e + 3]!) / BAND);
    const high = Math.floor(Math.max(edges[e + 1]!, edges[e + 3]!) / BAND);
    for (let band = low; band <= high; band++) {
      const list = bands.get(band);
      if (list) list.push(e);
      else bands.set(band, [e]);
    }
  }
  return { edges, bands };
}

/** Sea bits of a size × size raster centred on the point, or undefined when it is all land. */
function seaRaster(index: ReturnType<typeof landEdges>, latitude: number, longitude: number, size: number): Uint8Array | undefined {
  const { dLat, dLon, south, west } = rasterGrid(latitude, longitude, size);
  const bits = new Uint8Array(Math.ceil((size * size) / 8));
  let anySea = false;
  for (let row = 0; row < size; row++) {
    const y = south + row * dLat;
    const crossings: number[] = [];
    for (const e of index.bands.get(Math.floor(y / BAND)) ?? []) {
      const [x1, y1, x2, y2] = [index.edges[e]!, index.edges[e + 1]!, index.edges[e + 2]!, index.edges[e + 3]!];
      if ((y1 > y) !== (y2 > y)) crossings.push(x1 + ((y - y1) / (y2 - y1)) * (x2 - x1));
    }
    crossings.sort((a, b) => a - b);
    const before = (x: number): number => {
      let count = 0;
      for (const crossing of crossings) if (crossing < x) count++;
      return count;
    };
    for (let column = 0; column < size; column++) {
      const x = west + column * dLon;
      // Land when inside a ring at x or, for unwrapped rings, at x ± 360.
      const land = before(x) % 2 === 1 || before(x + 360) % 2 === 1 || before(x - 360) % 2 === 1;
      if (!land) {
        const bit = row * size + column;
        bits[bit >> 3]! |= 1 << (bit & 7);
        anySea = true;
      }
    }
  }
  return anySea ? bits : undefined;
}

const sizeFor = (reachM: number): number => 2 * (Math.ceil(reachM / COAST_CELL_M) + MARGIN_CELLS) + 1;
const round = (value: number): number => Math.round(value * 1e6) / 1e6;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const index = landEdges();
  const rasters: Array<[string, number, number, number, string]> = [];
  const places: Array<[string, number, number, number]> = [];
  for (const { city } of allocateHotels(loadCities(), DEFAULT_HOTEL_COUNT)) {
    places.push([`c${city.cityId}`, cityLatitude(city), cityLongitude(city), sizeFor(MAX_SPREADS * citySpreadM(city.population))]);
  }
  for (const airport of largeAirports()) places.push([`a${airport.iata}`, airport.latitude, airport.longitude, sizeFor(AIRPORT_REACH_M)]);
  for (const [key, latitude, longitude, size] of places) {
    const sea = seaRaster(index, round(latitude), round(longitude), size);
    if (sea) rasters.push([key, round(latitude), round(longitude), size, deflateRawSync(sea, { level: 9 }).toString('base64')]);
  }
  const out = `{\n"source": "Natural Earth 1:10m land (public domain) via world-atlas; scripts/gen-coast-mask.ts",\n"cellM": ${COAST_CELL_M},\n"rasters": [\n${rasters.map((row) => JSON.stringify(row)).join(',\n')}\n]\n}\n`;
  const path = fileURLToPath(new URL('../fixtures/coastMask.json', import.meta.url));
  writeFileSync(path, out);
  console.log(`${places.length} places, ${rasters.length} with sea, ${Buffer.byteLength(out)} bytes → ${path}`);
}
