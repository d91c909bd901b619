import { wordSet } from './word-lists.js';

/** Country names and aliases (data/lexicons/countries.txt), lower case and accent-folded. */
export const countryNames = (): ReadonlySet<string> => wordSet('countries.txt');
