/**
 * Places by the names people use (issue 19): a table of typed places over every class the
 * geocoder accepts beyond exact names, each with the expected point and a tolerance by kind
 * (3 km for a sight or station, 5 km for an airport, 15 km for a city).
 */
import { describe, expect, it } from 'vitest';
import { distanceM } from './geo.js';
import { defaultWorld } from './world.js';

const geocoder = defaultWorld().geocoder();
const TOLERANCE_M = { sight: 3_000, airport: 5_000, city: 15_000 } as const;
type Kind = keyof typeof TOLERANCE_M;
type Row = [text: string, latitude: number, longitude: number, kind: Kind];

const AMS: [number, number] = [52.3086, 4.7639];
const CDG: [number, number] = [49.0128, 2.55];
const FRA: [number, number] = [50.0333, 8.5706];
const MUC: [number, number] = [48.3538, 11.7861];
const BCN: [number, number] = [41.2971, 2.0785];
const ZRH: [number, number] = [47.4647, 8.5492];
const MAD: [number, number] = [40.4719, -3.5626];
const VIE: [number, number] = [48.1103, 16.5697];
const WAW: [number, number] = [52.1657, 20.9671];
const JFK: [number, number] = [40.6398, -73.7789];
const ORY: [number, number] = [48.7233, 2.3794];
const LGW: [number, number] = [51.1481, -0.1903];
const LHR: [number, number] = [51.4706, -0.4619];
const BRU: [number, number] = [50.9014, 4.4844];
const CPH: [number, number] = [55.6179, 12.656];
const LIS: [number, number] = [38.7813, -9.1359];
const ATH: [number, number] = [37.9364, 23.9445];
const DUB: [number, number] = [53.4213, -6.2701];
const IST: [number, number] = [40.9769, 28.8146];
const NRT: [number, number] = [35.7647, 140.3864];

const airport = (text: string, [latitude, longitude]: [number, number]): Row => [text, latitude, longitude, 'airport'];

const AIRPORTS: Row[] = [
  // Codes
  airport('AMS', AMS), airport('cdg', CDG), airport('FRA airport', FRA), airport('EHAM', AMS), airport('LFPG', CDG),
  airport('EDDM', MUC), airport('LEBL', BCN), airport('Airport LSZH', ZRH),
  // Official names, with and without the word for airport, in many languages
  airport('Schiphol Airport', AMS), airport('Luchthaven Schiphol', AMS), airport('Flughafen Schiphol', AMS),
  airport('Aéroport de Schiphol', AMS), airport('Aeropuerto de Schiphol', AMS), airport('Schiphol Amsterdam', AMS),
  airport('Charles de Gaulle Airport', CDG), airport('Aéroport Charles de Gaulle', CDG), airport('Aeroport Charles-de-Gaulle', CDG),
  airport('Charles de Gaulle', CDG), airport('Paris Charles de Gaulle', CDG), airport('Flughafen Paris Charles de Gaulle', CDG),
  airport('Aeropuerto Charles de Gaulle', CDG), airport('Paris Orly', ORY), airport('Orly airport', ORY),
  airport('Frankfurt Airport', FRA), airport('Flughafen Frankfurt', FRA), airport('Frankfurt am Main Airport', FRA),
  airport('Munich Airport', MUC), airport('Flughafen München', MUC), airport('Flughafen Munchen', MUC), airport('Aéroport de Munich', MUC),
  airport('Barcelona El Prat airport', BCN), airport('Aeropuerto de Barcelona', BCN), airport('Aeroport de Barcelona El Prat', BCN),
  airport('Zürich Airport', ZRH), airport('Flughafen Zürich', ZRH), airport('Zurich airport', ZRH),
  airport('Madrid Barajas airport', MAD), airport('Aeropuerto Madrid Barajas', MAD), airport('Aeropuerto de Madrid', MAD),
  airport('Flughafen Wien', VIE), airport('Vienna Airport', VIE), airport('Lotnisko Warszawa', WAW), airport('Warsaw Chopin Airport', WAW),
  airport('Lotnisko Chopin', WAW), airport('JFK Airport', JFK), airport('Kennedy Airport', JFK), airport('New York JFK', JFK),
  airport('London Gatwick', LGW), airport('Gatwick Airport', LGW), airport('London Heathrow', LHR), airport('Heathrow Airport London', LHR),
  airport('Luchthaven Brussel', BRU), airport('Brussels Airport', BRU), airport('Aéroport de Bruxelles', BRU),
  airport('Copenhagen Airport', CPH), airport('Lisbon Airport', LIS), airport('Aeroporto de Lisboa', LIS), airport('Athens Airport', ATH),
  airport('Dublin Airport', DUB), airport('Istanbul Ataturk Airport', IST), airport('Narita Airport', NRT), airport('Tokyo Narita', NRT),
  // "CITY CODE" and "airport CITY"
  airport('Paris CDG', CDG), airport('CDG Paris', CDG), airport('Amsterdam AMS', AMS), airport('Munich MUC', MUC), airport('London LHR', LHR),
  airport('Airport Frankfurt', FRA), airport('airport amsterdam', AMS), airport('Amsterdam Airport', AMS), airport('Munich international airport', MUC),
  airport('Flughafen Hamburg', [53.6304, 9.9882]), airport('Aeroporto di Roma Fiumicino', [41.8003, 12.2389]), airport('Aéroport de Nice', [43.6584, 7.2159]),
  airport('Aeropuerto de Málaga', [36.6749, -4.4991]), airport('Düsseldorf Flughafen', [51.2895, 6.7668]), airport('Changi Airport', [1.3502, 103.9944]),
];

const STATIONS: Row[] = [
  ['München Hauptbahnhof', 48.1402, 11.56, 'sight'], ['Munchen Hbf', 48.1402, 11.56, 'sight'], ['Hauptbahnhof München', 48.1402, 11.56, 'sight'],
  ['Munich Central Station', 48.1402, 11.56, 'sight'], ['Hauptbahnhof Berlin', 52.5251, 13.3694, 'sight'], ['Berlin Hbf', 52.5251, 13.3694, 'sight'],
  ['Berlin Hbf, Germany', 52.5251, 13.3694, 'sight'], ['Zürich HB', 47.3779, 8.5403, 'sight'], ['Zurich HB', 47.3779, 8.5403, 'sight'],
  ['Zürich Hauptbahnhof', 47.3779, 8.5403, 'sight'], ['Utrecht Centraal', 52.0894, 5.11, 'sight'], ['Utrecht CS', 52.0894, 5.11, 'sight'],
  ['Station Utrecht Centraal', 52.0894, 5.11, 'sight'], ['Amsterdam CS', 52.3789, 4.9003, 'sight'], ['Rotterdam Centraal', 51.9249, 4.469, 'sight'],
  ['Centraal Station Rotterdam', 51.9249, 4.469, 'sight'], ['Den Haag Centraal', 52.0808, 4.3245, 'sight'], ['Hamburg Hbf', 53.553, 10.0067, 'sight'],
  ['Köln Hbf', 50.943, 6.9589, 'sight'], ['Koeln Hauptbahnhof', 50.943, 6.9589, 'sight'], ['Frankfurt Hbf', 50.107, 8.6638, 'sight'],
  ['Stuttgart Hauptbahnhof', 48.784, 9.1817, 'sight'], ['Wien Hbf', 48.1851, 16.3767, 'sight'], ['Vienna main station', 48.1851, 16.3767, 'sight'],
  ['Gare de Lyon', 48.8443, 2.3744, 'sight'], ['Gare de Lyon Paris', 48.8443, 2.3744, 'sight'], ['Paris Gare du Nord', 48.8809, 2.3553, 'sight'],
  ['Gare Montparnasse', 48.841, 2.3197, 'sight'], ['Gare Saint Lazare', 48.8763, 2.3254, 'sight'], ['Gare St-Lazare', 48.8763, 2.3254, 'sight'],
  ['Lyon Part-Dieu', 45.7605, 4.8596, 'sight'], ['Gare de Marseille', 43.3026, 5.3806, 'sight'], ['Roma Termini', 41.901, 12.501, 'sight'],
  ['Stazione Termini', 41.901, 12.501, 'sight'], ['Termini Roma', 41.901, 12.501, 'sight'], ['Milano Centrale', 45.4862, 9.2043, 'sight'],
  ['Milan Central Station', 45.4862, 9.2043, 'sight'], ['Stazione Milano Centrale', 45.4862, 9.2043, 'sight'], ['Firenze SMN', 43.7764, 11.2479, 'sight'],
  ['Estación de Atocha', 40.4066, -3.6892, 'sight'], ['Madrid Atocha', 40.4066, -3.6892, 'sight'], ['Barcelona Sants', 41.3791, 2.14, 'sight'],
  ['Estación de Sants', 41.3791, 2.14, 'sight'], ['Brussel-Zuid', 50.8357, 4.3365, 'sight'], ['Brussels Central Station', 50.8455, 4.3571, 'sight'],
  ['London Kings Cross', 51.5308, -0.1238, 'sight'], ["King's Cross Station", 51.5308, -0.1238, 'sight'], ['Paddington Station', 51.5154, -0.1755, 'sight'],
  ['Stockholm C', 59.3303, 18.0583, 'sight'], ['Oslo S', 59.911, 10.7528, 'sight'], ['København H', 55.6727, 12.5647, 'sight'],
  ['Praha hl.n.', 50.0831, 14.4353, 'sight'], ['Prague main railway station', 50.0831, 14.4353, 'sight'], ['Warszawa Centralna', 52.2287, 21.0031, 'sight'],
  ['Kraków Główny', 50.0677, 19.9478, 'sight'], ['Penn Station', 40.7506, -73.9935, 'sight'], ['Union Station Chicago', 41.8787, -87.6403, 'sight'],
  ['Hamburg Hauptbahnhof', 53.553, 10.0067, 'sight'], ['Bologna station', 44.5057, 11.343, 'sight'], ['Antwerpen Centraal', 51.2172, 4.4211, 'sight'],
  // A city without a curated station: its centre (a city's precision)
  ['Leiden Centraal', 52.1601, 4.497, 'city'], ['Haarlem station', 52.3874, 4.6462, 'city'], ['Den Bosch station', 51.6978, 5.3037, 'city'],
];

const STREETS_AND_ORDER: Row[] = [
  ['Times Sq', 40.758, -73.98554, 'sight'], ['Times Sq.', 40.758, -73.98554, 'sight'], ['Square Times', 40.758, -73.98554, 'sight'],
  ['Trafalgar Sq', 51.508, -0.128, 'sight'], ['Pl. de la Concorde', 48.8656, 2.3212, 'sight'], ['Concorde Place', 48.8656, 2.3212, 'sight'],
  ['Friedrichstr. Berlin', 52.513, 13.39, 'sight'], ['Av. Paulista', -23.5614, -46.6559, 'sight'], ['St Marks Sq', 45.4341, 12.3388, 'sight'],
  ['St. Peters Basilica', 41.9022, 12.4539, 'sight'], ['Saint Peter Basilica', 41.9022, 12.4539, 'sight'], ['Tower Eiffel', 48.85837, 2.29448, 'sight'],
  ['Gate Brandenburg', 52.5163, 13.3777, 'sight'], ['Bridge Tower', 51.5055, -0.0754, 'sight'], ['Palace Buckingham', 51.5014, -0.1419, 'sight'],
];

const DIACRITICS: Row[] = [
  ['Munchen', 48.1374, 11.5755, 'city'], ['Koln', 50.9333, 6.95, 'city'], ['Zurich', 47.3667, 8.55, 'city'], ['Dusseldorf', 51.2217, 6.7762, 'city'],
  ['Malmo', 55.6059, 13.0007, 'city'], ['Sao Paulo', -23.5475, -46.6361, 'city'], ['Bogota', 4.6097, -74.0817, 'city'], ['Krakow', 50.0614, 19.9366, 'city'],
  ['Gdańsk', 54.352, 18.6464, 'city'], ['Málaga', 36.7202, -4.4203, 'city'], ['Nürnberg', 49.4478, 11.0683, 'city'], ['Reykjavík', 64.1355, -21.8954, 'city'],
  ['Sagrada Familia', 41.4036, 2.1744, 'sight'], ['Park Guell', 41.4145, 2.1527, 'sight'], ['Belem Tower', 38.6916, -9.216, 'sight'],
  ['Schloss Schonbrunn', 48.1845, 16.3122, 'sight'], ['Karluv most', 50.0865, 14.4114, 'sight'],
];

const TYPOS: Row[] = [
  ['Amsterdm', 52.374, 4.8897, 'city'], ['Berlinn', 52.5244, 13.4105, 'city'], ['Barcelna', 41.3888, 2.159, 'city'], ['Rotterdan', 51.9225, 4.4792, 'city'],
  ['Franfurt am Main', 50.1155, 8.6842, 'city'], ['Mnchester', 53.4809, -2.2374, 'city'], ['Lisbonn', 38.7167, -9.1333, 'city'], ['Copenhagn', 55.6759, 12.5655, 'city'],
];

const OTHER_LANGUAGES: Row[] = [
  ['Eiffelturm', 48.85837, 2.29448, 'sight'], ['Eiffeltoren', 48.85837, 2.29448, 'sight'], ['Torre Eiffel', 48.85837, 2.29448, 'sight'],
  ['Köln Dom', 50.94128, 6.95828, 'sight'], ['Dom Köln', 50.94128, 6.95828, 'sight'], ['Kölner Dom', 50.94128, 6.95828, 'sight'],
  ['Kraków Rynek Główny', 50.0617, 19.9373, 'sight'], ['Rynek Glowny', 50.0617, 19.9373, 'sight'], ['Wawel', 50.0541, 19.9354, 'sight'],
  ['Kolosseum', 41.8902, 12.4922, 'sight'], ['Colisée', 41.8902, 12.4922, 'sight'], ['Coliseo', 41.8902, 12.4922, 'sight'],
  ['Brandenburger Poort', 52.5163, 13.3777, 'sight'], ['Porte de Brandebourg', 52.5163, 13.3777, 'sight'], ['Puerta de Brandeburgo', 52.5163, 13.3777, 'sight'],
  ['Karlsbrücke', 50.0865, 14.4114, 'sight'], ['Prager Burg', 50.0909, 14.4005, 'sight'], ['Schiefer Turm von Pisa', 43.723, 10.3966, 'sight'],
  ['Torre de Pisa', 43.723, 10.3966, 'sight'], ['Mailänder Dom', 45.4642, 9.1916, 'sight'], ['Markusplatz', 45.4341, 12.3388, 'sight'],
  ['Rialtobrücke', 45.438, 12.3358, 'sight'], ['Trevi-Brunnen', 41.9009, 12.4833, 'sight'], ['Fontaine de Trevi', 41.9009, 12.4833, 'sight'],
  ['Freiheitsstatue', 40.6892, -74.0445, 'sight'], ['Vrijheidsbeeld', 40.6892, -74.0445, 'sight'], ['Statue de la Liberté', 40.6892, -74.0445, 'sight'],
  ['Roter Platz', 55.7539, 37.6208, 'sight'], ['Place Rouge', 55.7539, 37.6208, 'sight'], ['Красная площадь', 55.7539, 37.6208, 'sight'],
  ['Akropolis', 37.9715, 23.7257, 'sight'], ['Triumphbogen', 48.8738, 2.295, 'sight'], ['Arco del Triunfo', 48.8738, 2.295, 'sight'],
  ['Verbotene Stadt', 39.9163, 116.3972, 'sight'], ['故宫', 39.9163, 116.3972, 'sight'], ['富士山', 35.3606, 138.7274, 'sight'],
];

const OWN_SCRIPT: Row[] = [
  ['Москва', 55.7522, 37.6156, 'city'], ['Берлин', 52.5244, 13.4105, 'city'], ['Αθήνα', 37.9838, 23.7278, 'city'],
  ['Θεσσαλονίκη', 40.6403, 22.9439, 'city'], ['서울', 37.5665, 126.978, 'city'], ['東京', 35.6895, 139.6917, 'city'],
  ['北京', 39.9075, 116.3972, 'city'], ['القاهرة', 30.0626, 31.2497, 'city'], ['תל אביב', 32.0809, 34.7806, 'city'],
  ['ירושלים', 31.769, 35.2163, 'city'],
];

const TABLE: Array<[string, Row[]]> = [
  ['airports', AIRPORTS], ['stations', STATIONS], ['street abbreviations and word order', STREETS_AND_ORDER],
  ['diacritics both ways', DIACRITICS], ['typos one edit away', TYPOS], ['landmarks in other languages', OTHER_LANGUAGES],
  ['names in their own script', OWN_SCRIPT],
];

describe('places by the names people use', () => {
  it('covers at least 150 typed places', () => {
    expect(TABLE.reduce((sum, [, rows]) => sum + rows.length, 0)).toBeGreaterThanOrEqual(150);
  });

  for (const [group, rows] of TABLE) {
    describe(group, () => {
      it.each(rows)('%s', (text, latitude, longitude, kind) => {
        const result = geocoder.resolve(text);
        expect(result, text).toBeDefined();
        if (kind === 'airport') expect(result?.source, text).toBe('airport');
        expect(distanceM(result!.latitude, result!.longitude, latitude, longitude), `${text} → ${result?.label}`).toBeLessThan(TOLERANCE_M[kind]);
      });
    });
  }

  it('leaves a station word without a known city unknown', () => {
    for (const text of ['Narnia station', 'Main station', 'Station', 'Airport', 'Flughafen']) expect(geocoder.resolve(text), text).toBeUndefined();
  });

  it('offers up to three suggestions when a typo is ambiguous, and none for gibberish', () => {
    expect(geocoder.resolve('Pari')).toBeUndefined();
    const suggestions = geocoder.suggest('Pari');
    expect(suggestions).toContain('Paris');
    expect(suggestions.length).toBeLessThanOrEqual(3);
    expect(geocoder.resolve('Amstredam')).toBeUndefined(); // two edits: suggested, not taken
    expect(geocoder.suggest('Amstredam')).toContain('Amsterdam');
    expect(geocoder.suggest('Qqxzv Zzyqk')).toEqual([]);
    expect(geocoder.suggest('Amsterdam')).toEqual([]); // resolves: nothing to suggest
  });

  it('keeps a bare city name the city, and a major city with an airport word its own airport', () => {
    expect(geocoder.resolve('Munich')?.source).toBe('city');
    expect(geocoder.resolve('Frankfurt')?.source).toBe('city');
    const london = geocoder.resolve('London airport');
    expect(london?.source).toBe('airport');
    expect(distanceM(london!.latitude, london!.longitude, 51.5085, -0.1257)).toBeLessThan(80_000); // not London, Ontario
  });
});
