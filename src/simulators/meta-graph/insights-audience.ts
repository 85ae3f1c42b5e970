import { between, rand } from './insights-history.ts';

// Where a simulated account's audience is, how old it is and its gender
// (docs/product/meta-platform.md#insights): Instagram follower_demographics and
// engaged_audience_demographics, and a Page's page_follows_city / page_follows_country. Each
// account has a home country drawn from its id; most of its audience is there.

const COUNTRIES = [
  'PT',
  'US',
  'BR',
  'ES',
  'GB',
  'FR',
  'IT',
  'DE',
  'MX',
  'CA',
  'AR',
  'NL',
  'BE',
  'IE',
  'CH',
  'AT',
  'PL',
  'SE',
  'NO',
  'DK',
  'FI',
  'AU',
  'NZ',
  'JP',
  'KR',
  'IN',
  'ZA',
  'AO',
  'MZ',
  'CV',
  'CO',
  'CL',
  'PE',
  'UY',
  'VE',
  'LU',
  'GR',
  'RO',
  'HU',
  'CZ',
  'SK',
  'HR',
  'TR',
  'MA',
  'EG',
  'AE',
  'SG',
  'PH',
  'TH',
  'ID',
  'NG',
  'KE',
  'IL',
  'UA',
  'BG',
  'RS',
  'SI',
  'EE',
  'LV',
  'LT',
] as const;

const COUNTRY_NAMES: Record<string, string> = {
  PT: 'Portugal',
  US: 'United States',
  BR: 'Brazil',
  ES: 'Spain',
  GB: 'United Kingdom',
  FR: 'France',
  IT: 'Italy',
  DE: 'Germany',
  MX: 'Mexico',
  CA: 'Canada',
};

/** [city, region, country]; the home countries have several each. */
const CITIES: readonly (readonly [string, string, string])[] = [
  ['Lisbon', 'Lisbon District', 'PT'],
  ['Porto', 'Porto District', 'PT'],
  ['Braga', 'Braga District', 'PT'],
  ['Coimbra', 'Coimbra District', 'PT'],
  ['Faro', 'Faro District', 'PT'],
  ['Setúbal', 'Setúbal District', 'PT'],
  ['Aveiro', 'Aveiro District', 'PT'],
  ['Funchal', 'Madeira', 'PT'],
  ['New York', 'New York', 'US'],
  ['Los Angeles', 'California', 'US'],
  ['Chicago', 'Illinois', 'US'],
  ['Houston', 'Texas', 'US'],
  ['Miami', 'Florida', 'US'],
  ['Boston', 'Massachusetts', 'US'],
  ['Seattle', 'Washington', 'US'],
  ['San Francisco', 'California', 'US'],
  ['Newark', 'New Jersey', 'US'],
  ['São Paulo', 'São Paulo (state)', 'BR'],
  ['Rio de Janeiro', 'Rio de Janeiro (state)', 'BR'],
  ['Belo Horizonte', 'Minas Gerais', 'BR'],
  ['Curitiba', 'Paraná', 'BR'],
  ['Madrid', 'Community of Madrid', 'ES'],
  ['Barcelona', 'Catalonia', 'ES'],
  ['Valencia', 'Valencian Community', 'ES'],
  ['Seville', 'Andalusia', 'ES'],
  ['London', 'England', 'GB'],
  ['Manchester', 'England', 'GB'],
  ['Edinburgh', 'Scotland', 'GB'],
  ['Birmingham', 'England', 'GB'],
  ['Paris', 'Île-de-France', 'FR'],
  ['Lyon', 'Auvergne-Rhône-Alpes', 'FR'],
  ['Marseille', "Provence-Alpes-Côte d'Azur", 'FR'],
  ['Rome', 'Lazio', 'IT'],
  ['Milan', 'Lombardy', 'IT'],
  ['Naples', 'Campania', 'IT'],
  ['Berlin', 'Berlin', 'DE'],
  ['Munich', 'Bavaria', 'DE'],
  ['Hamburg', 'Hamburg', 'DE'],
  ['Mexico City', 'Mexico City', 'MX'],
  ['Guadalajara', 'Jalisco', 'MX'],
  ['Toronto', 'Ontario', 'CA'],
  ['Montreal', 'Quebec', 'CA'],
  ['Vancouver', 'British Columbia', 'CA'],
  ['Buenos Aires', 'Buenos Aires', 'AR'],
  ['Amsterdam', 'North Holland', 'NL'],
  ['Brussels', 'Brussels', 'BE'],
  ['Dublin', 'Dublin', 'IE'],
  ['Zurich', 'Zurich', 'CH'],
  ['Vienna', 'Vienna', 'AT'],
  ['Warsaw', 'Masovian Voivodeship', 'PL'],
  ['Stockholm', 'Stockholm County', 'SE'],
  ['Oslo', 'Oslo', 'NO'],
  ['Copenhagen', 'Capital Region of Denmark', 'DK'],
  ['Sydney', 'New South Wales', 'AU'],
  ['Melbourne', 'Victoria', 'AU'],
  ['Tokyo', 'Tokyo', 'JP'],
  ['Luanda', 'Luanda', 'AO'],
  ['Maputo', 'Maputo', 'MZ'],
  ['Praia', 'Santiago', 'CV'],
  ['Luxembourg', 'Luxembourg', 'LU'],
];

const HOMES = ['PT', 'US', 'BR', 'ES', 'GB', 'FR', 'IT', 'DE', 'MX', 'CA'] as const;
export const AGE_BUCKETS = ['13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+'] as const;
const AGE_WEIGHTS = [0.02, 0.17, 0.34, 0.24, 0.13, 0.07, 0.03];

export const homeCountry = (id: string) => HOMES[Math.floor(rand(id, 'home') * HOMES.length)]!;

/** `total` shared out by weight, each part at least 1, largest first. */
function share(total: number, weights: Map<string, number>): Array<[string, number]> {
  const sum = [...weights.values()].reduce((a, b) => a + b, 0) || 1;
  return [...weights.entries()]
    .map(([key, w]) => [key, Math.max(1, Math.round((total * w) / sum))] as [string, number])
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** Country weights: the home country about half, the rest falling off in an order of the id's. */
function countryWeights(id: string): Map<string, number> {
  const home = homeCountry(id);
  const others = COUNTRIES.filter((c) => c !== home).sort(
    (a, b) => rand(id, 'order', a) - rand(id, 'order', b),
  );
  const weights = new Map<string, number>([[home, 0.5]]);
  others.forEach((c, i) => weights.set(c, (0.5 / (i + 2)) * between(0.8, 1.2, id, 'w', c)));
  return weights;
}

export type AudienceBreakdown = 'age' | 'gender' | 'city' | 'country';

/**
 * How `total` people split by one breakdown, largest first (all of them; the caller keeps the top
 * 45). Instagram cities read "City, Region"; Page cities (`pageCities`) "City, Country".
 */
export function audience(
  id: string,
  total: number,
  breakdown: AudienceBreakdown,
  pageCities = false,
): Array<[string, number]> {
  if (breakdown === 'age') {
    return share(
      total,
      new Map(AGE_BUCKETS.map((b, i) => [b, AGE_WEIGHTS[i]! * between(0.8, 1.2, id, 'age', b)])),
    );
  }
  if (breakdown === 'gender') {
    const f = between(0.5, 0.66, id, 'gender');
    return share(
      total,
      new Map([
        ['F', f],
        ['M', 0.96 - f],
        ['U', 0.04],
      ]),
    );
  }
  const countries = countryWeights(id);
  if (breakdown === 'country') return share(total, countries);
  const cities = new Map<string, number>();
  for (const [city, region, country] of CITIES) {
    const key = pageCities ? `${city}, ${COUNTRY_NAMES[country] ?? country}` : `${city}, ${region}`;
    const perCity = country === homeCountry(id) ? 0.35 : 0.6;
    cities.set(
      key,
      (countries.get(country) ?? 0.01) * perCity * between(0.3, 1.5, id, 'city', key),
    );
  }
  return share(Math.round(total * 0.7), cities);
}
