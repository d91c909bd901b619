/**
 * Pseudonymisation: the `surrogate` and `neighbour` operators (realistic,
 * consistent stand-ins; see document.ts for the per-document state and each
 * module for one category), date shifting (dates.ts), generalisation levels
 * (generalize-levels.ts) and the leak guard (leak-guard.ts).
 */
export { SurrogateDocument, DEFAULT_DATE_SHIFT_DAYS, DEFAULT_NEIGHBOURS, type PseudonymMode, type SurrogateSettings } from './document.js';
export { shiftDateText, offsetFrom } from './dates.js';
export { Keyed } from './keyed.js';
export { Forbidden, MIN_GUARDED_LENGTH } from './leak-guard.js';
export { nearestNames, classifyName } from './embedding.js';
