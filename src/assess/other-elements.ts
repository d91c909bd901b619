import { formatCount } from './number-format.js';
import { formatShare } from './demographics.js';
import { longestPhrase, words, wordsKey } from './phrase-match.js';
import { organizationTable, priorTable } from './tables.js';
import { zipArea } from './places.js';
import { achievementField, isWin } from './roles.js';

/** Listed achievements that are taking part in an event (finishing a marathon), not winning it. */
const PARTICIPATION_PHRASES = new Set(['marathon', 'ironman', 'iditarod']);
import type { Estimate } from './types.js';

/**
 * Addresses, organizations, achievements, traits and events: direct
 * identifiers, listed sizes, or documented priors (data/assess-value-priors.json).
 */
const fmt = formatCount;

const LEADING_THE = /^the\s+/i;

const BARE_ZIP = /^(?:zip(?:\s{0,2}code)?:?\s{0,3})?(\d{5})(?:-\d{4})?$/i;

export function estimateAddress(text: string): Estimate {
  const zip = BARE_ZIP.exec(text.trim());
  if (zip) {
    const area = zipArea(zip[1]);
    return { kind: 'place', measure: 'place', population: area.population, country: 'US', basis: area.basis };
  }
  return { kind: 'direct', measure: 'count', population: 1, basis: 'postal address: direct identifier' };
}

export function estimateOrganization(text: string): Estimate {
  const orgs = organizationTable();
  // words(…).join(' ') without the array; the regex only for a text that starts with a t.
  const listed = orgs.phrases.byPhrase.get(wordsKey((text.charCodeAt(0) | 0x20) === 0x74 ? text.replace(LEADING_THE, '') : text));
  if (listed !== undefined) return { kind: 'organization', measure: 'count', population: listed, basis: `listed large organisation: about ${fmt(listed)} members or staff` };
  return { kind: 'organization', measure: 'count', population: orgs.unknownOrganization, basis: `organisation not in the large-organisation list: counts as small (${fmt(orgs.unknownOrganization)} people)` };
}

export function estimateAchievement(text: string): Estimate {
  const priors = priorTable();
  const field = achievementField(text);
  if (field?.kind === 'win') return { kind: 'achievement', measure: 'count', population: 1, basis: field.basis };
  if (field?.kind === 'participation') {
    const event = longestPhrase(priors.events, words(text));
    if (event) return { kind: 'achievement', measure: 'count', population: event.value, basis: `${field.basis}: a ${event.phrase}, about ${fmt(event.value)} participants` };
  }
  const common = longestPhrase(priors.achievements, words(text));
  // A win at an event that many people take part in is not shared by them.
  if (common && PARTICIPATION_PHRASES.has(common.phrase) && isWin(text)) {
    return { kind: 'achievement', measure: 'count', population: priors.achievementDefault, basis: `a win at a ${common.phrase}: few people (about ${priors.achievementDefault})` };
  }
  if (common) return { kind: 'achievement', measure: 'count', population: common.value, basis: `"${common.phrase}": about ${fmt(common.value)} holders` };
  return { kind: 'achievement', measure: 'count', population: priors.achievementDefault, basis: `named accomplishment: few holders (about ${priors.achievementDefault})` };
}

export function estimateTrait(text: string): Estimate {
  const priors = priorTable();
  const common = longestPhrase(priors.traits, words(text));
  if (common) return { kind: 'trait', measure: 'share', share: common.value, basis: `"${common.phrase}": ${formatShare(common.value)} of people` };
  return { kind: 'trait', measure: 'share', share: priors.traitDefault, basis: `distinctive trait: ${formatShare(priors.traitDefault)} (prior)` };
}

export function estimateEvent(text: string): Estimate {
  const priors = priorTable();
  const cls = longestPhrase(priors.events, words(text));
  const n = cls?.value ?? priors.eventDefault;
  return { kind: 'event', measure: 'count', population: n, basis: cls ? `named ${cls.phrase}: about ${fmt(n)} participants` : `named event: about ${fmt(n)} participants (prior)` };
}
