/**
 * Words that mark a typed part as a street line, in the languages of the sandbox's
 * largest markets: "Downing Street", "Rue de Rivoli", "Kurfürstendamm", "Keizersgracht".
 * Normalised (lower case, no diacritics).
 */
const STREET_WORDS: ReadonlySet<string> = new Set([
  // English
  'street', 'st', 'road', 'rd', 'avenue', 'ave', 'av', 'lane', 'ln', 'drive', 'dr', 'boulevard', 'blvd', 'way',
  'place', 'pl', 'square', 'sq', 'court', 'ct', 'terrace', 'crescent', 'close', 'parkway', 'pkwy', 'highway', 'hwy',
  'row', 'mews', 'walk', 'broadway', 'embankment', 'circus', 'gardens', 'hill',
  // Dutch, German, Scandinavian
  'straat', 'weg', 'laan', 'plein', 'gracht', 'kade', 'dijk', 'steeg', 'markt', 'strasse', 'str', 'platz', 'gasse',
  'allee', 'ring', 'damm', 'ufer', 'gade', 'vej', 'gatan', 'gata', 'vagen', 'torg', 'tori', 'katu',
  // French, Italian, Spanish, Portuguese
  'rue', 'chemin', 'quai', 'cours', 'impasse', 'via', 'viale', 'piazza', 'corso', 'largo', 'vicolo', 'calle',
  'avenida', 'paseo', 'plaza', 'carrer', 'rambla', 'rua', 'praca', 'travessa', 'alameda', 'estrada',
  // Central and Eastern Europe, Turkey
  'ulica', 'ul', 'ulitsa', 'prospekt', 'naberezhnaya', 'namesti', 'trida', 'utca', 'ut', 'strada', 'bulevardul',
  'caddesi', 'cad', 'sokak', 'sk', 'meydani',
  // Asia, Middle East, Africa
  'jalan', 'jl', 'soi', 'thanon', 'duong', 'pho', 'marg', 'lu', 'jie', 'dori', 'dong', 'shari', 'sharia',
]);

/** Compound endings: "Keizersgracht", "Hauptstraße", "Alexanderplatz", "Kastanjelaan", "Drottninggatan". */
const STREET_ENDINGS = ['straat', 'gracht', 'strasse', 'laan', 'plein', 'platz', 'gasse', 'allee', 'damm', 'kade', 'weg', 'gatan', 'gade', 'vej', 'ring', 'ufer', 'markt'];
const MIN_COMPOUND_LENGTH = 6;

export function isStreetWord(token: string): boolean {
  if (STREET_WORDS.has(token)) return true;
  return token.length >= MIN_COMPOUND_LENGTH && STREET_ENDINGS.some((ending) => token.endsWith(ending));
}
