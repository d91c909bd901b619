import { formatCount } from './number-format.js';
import { startsUpper } from './letters.js';
import { formatShare } from './demographics.js';
import { longestPhrase, words } from './phrase-match.js';
import { medicalTable, organizationTable } from './tables.js';
import type { Estimate } from './types.js';

/**
 * MEDICAL elements: providers (people served by one hospital or practice) and
 * medical history (prevalence of the condition, procedure or medication).
 */
const fmt = formatCount;

const HOSPITAL = /\b(?:hospital|medical center|medical centre|health system|healthcare|health care|infirmary|health|regional medical)\b/i;
const PRACTICE =
  /\b(?:clinic|practice|associates|pediatrics|paediatrics|dental|dentistry|pharmacy|rehabilitation|rehab|hospice|urgent care|physicians|medical group|family medicine|orthopedics|dermatology|cardiology|oncology|center|centre|surgery center|counseling|therapy|wellness|care)\b/i;
const RARE_CUE = /\b(?:rare|orphan|ultra-rare)\b|\b\p{Lu}\p{L}+(?:['’]s)?\s+(?:syndrome|disease)\b/u;

/** RARE_CUE needs one of these words (case as written); checked first, the pattern's Unicode classes cost V8 milliseconds to compile. */
function mayBeRare(text: string): boolean {
  return text.includes('rare') || text.includes('orphan') || text.includes('syndrome') || text.includes('disease');
}

export function estimateMedical(text: string): Estimate {
  const trimmed = text.trim();
  const data = medicalTable();
  const tokens = words(trimmed);
  const listed = longestPhrase(data.phrases, tokens);
  const properName = startsUpper(trimmed) && trimmed.split(/\s+/).filter(startsUpper).length >= 2;
  if (properName && !listed) {
    const system = organizationTable().phrases.byPhrase.get(words(trimmed.replace(/^the\s+/i, '')).join(' '));
    if (system !== undefined) {
      const served = Math.max(system, data.providerCatchment.hospital);
      return { kind: 'provider', measure: 'count', population: served, basis: `listed health system or large organisation (${fmt(system)} staff or members): serves at least ${fmt(served)} people` };
    }
    if (HOSPITAL.test(trimmed)) return provider(data.providerCatchment.hospital, 'hospital or health system');
    if (PRACTICE.test(trimmed)) return provider(data.providerCatchment.practice, 'practice or clinic');
  }
  if (listed) {
    return { kind: 'medical', measure: 'share', share: listed.value, basis: `"${listed.phrase}": ${formatShare(listed.value)} prevalence (CDC / MEPS)` };
  }
  if (mayBeRare(trimmed) && RARE_CUE.test(trimmed)) {
    return { kind: 'medical', measure: 'share', share: data.rareCueShare, basis: `rare condition: ${formatShare(data.rareCueShare)}` };
  }
  if (properName) return provider(data.providerCatchment.unknown, 'care provider');
  return { kind: 'medical', measure: 'share', share: data.unknownConditionShare, basis: `unlisted condition, procedure or medication: ${formatShare(data.unknownConditionShare)} (prior)` };
}

function provider(catchment: number, what: string): Estimate {
  return { kind: 'provider', measure: 'count', population: catchment, basis: `${what}: serves about ${fmt(catchment)} people (AHA / AAFP)` };
}
