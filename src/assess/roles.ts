import { formatNumber } from './number-format.js';
/**
 * Unique roles and small fields. A role held by one person in a named place or
 * organisation ("mayor of Lakewood", "head coach of the Denver Broncos",
 * "principal of Roosevelt High School") describes that one person, however
 * common the occupation; so does a win in a small field ("won the 50-54 age
 * group"). "One of three farriers in Vermont" names a field of three; "one of
 * 50,000 runners" a field of 50,000.
 *
 * Linear-time patterns only: bounded repetitions, anchored at the element.
 */

export interface FieldEstimate {
  /** People the role or field holds. */
  count: number;
  basis: string;
}

// Roles one person (or a handful) holds per place or organisation. The number is how many hold it there.
const ROLE_HOLDERS: Array<[RegExp, number, string]> = [
  [/(?:deputy\s+|vice[- ]|lieutenant\s+)?(?:mayor|governor|sheriff|police\s+chief|chief\s+of\s+police|fire\s+chief|fire\s+commissioner|superintendent|principal|headmaster|headmistress|head\s*teacher|head\s+of\s+school|dean|provost|chancellor|vice[- ]chancellor|rector|president|ceo|chief\s+executive(?:\s+officer)?|cfo|coo|cto|chief\s+\w+\s+officer|chair|chairman|chairwoman|chairperson|executive\s+director|managing\s+director|general\s+manager|editor[- ]in[- ]chief|head\s+coach|head\s+football\s+coach|manager|captain|conductor|music\s+director|artistic\s+director|curator|bishop|archbishop|rabbi|imam|pastor|senior\s+pastor|vicar|abbot|abbess|ambassador|consul(?:\s+general)?|high\s+commissioner|attorney\s+general|district\s+attorney|city\s+manager|town\s+manager|town\s+clerk|city\s+clerk|postmaster|harbou?r\s*master|fire\s+marshal|coroner|medical\s+examiner|chief\s+justice|prime\s+minister|premier|first\s+minister|owner|proprietor|founder|headman|chief)/,
    1,
    'one holder',
  ],
  [/co-?founders?|co-?owners?|senators?/, 3, 'a few holders'],
  [/judges?|justices?|commissioners?|council\s*(?:members?|m[ae]n|wom[ae]n|lors?)|councillors?|aldermen|alderman|board\s+members?|trustees?|selectm[ae]n|directors?|partners?/, 10, 'a board or bench of about ten'],
];

// Roles whose holder is the only one "at" a place ("principal at Roosevelt High").
const HEAD_AT =
  /\b(?:mayor|principal|headmaster|headmistress|head\s*teacher|head\s+of\s+school|superintendent|ceo|chief\s+executive|president|owner|proprietor|founder|head\s+coach|head\s+football\s+coach|dean|provost|chancellor|pastor|senior\s+pastor|rabbi|imam|vicar|rector|executive\s+director|managing\s+director|editor[- ]in[- ]chief|sheriff|police\s+chief|fire\s+chief|postmaster|city\s+manager|town\s+manager)\b/i;

// "of / for / at / to" and a named place or organisation: a capitalised name, "the" + capitalised name, or "the town/city/county of".
const SPECIFIC_COMPLEMENT = /^\s{1,3}(?:of|for|at|to|in)\s{1,3}(?:the\s{1,3}(?:town|city|village|county|state|borough|district|parish|island|school|university|college)\s{1,3}of\s{1,3})?(?:(?:the|The)\s{1,3})?(?:[\p{Lu}\p{N}][\p{L}\p{N}.'’&-]*)/u;
// "Lakewood's mayor", "the town's sheriff", "our school's principal".
const POSSESSIVE_BEFORE = /(?:\b[\p{Lu}][\p{L}.'’-]*(?:\s[\p{Lu}][\p{L}.'’-]*){0,3}|\b(?:[Tt]he|[Oo]ur|[Tt]heir|[Hh]is|[Hh]er|[Ii]ts)\s{1,3}(?:town|city|village|county|state|school|team|club|company|firm|church|parish|district|hospital|paper|newspaper|college|university))['’]s\s{1,3}(?:(?:current|former|new|longtime|long-time|first|interim|acting)\s{1,3})?$/u;

// The words a role may follow ("the new mayor"), at most three, are read one at a time here:
// the same match as `^(?:(?:the|a|…)\s{1,3}){0,3}(?:role)\b`, but V8 compiles that bounded
// repetition by copying the whole role alternation (about 50 ms at the first element that
// reaches it). Each word is followed by 1-3 spaces and then a letter (a further word or the
// role), so its match is the greedy one; the role is tried after the most words first, as the
// greedy repetition backtracks.
const ROLE_PREFIX = /(?:the|a|an|current|former|new|longtime|interim|acting|elected|appointed)\s{1,3}/iuy;
const ROLE_AT: Array<[RegExp, number, string]> = ROLE_HOLDERS.map(([pattern, holders, what]) => [new RegExp(`(?:${pattern.source})\\b`, 'iuy'), holders, what]);
/** Where a role may start in roleAt's slice: after 0, 1, 2 or 3 prefix words (scratch space). */
const roleStarts = [0, 0, 0, 0];

// The first word of every role ROLE_HOLDERS matches, as a run of letters (lower case): "head" and
// "headteacher", "co" ("co-founder") and "cofounder", "council" and "councilmember". A role is
// looked for only where the word there is one of them (or holds a non-ASCII letter, which case
// folding may read as an ASCII one): most elements then never run the role patterns.
const ROLE_FIRST_WORDS = new Set(
  (
    'deputy vice lieutenant mayor governor sheriff police chief fire superintendent principal headmaster headmistress head headteacher ' +
    'dean provost chancellor rector president ceo cfo coo cto chair chairman chairwoman chairperson executive managing general editor ' +
    'manager captain conductor music artistic curator bishop archbishop rabbi imam pastor senior vicar abbot abbess ambassador consul high ' +
    'attorney district city town postmaster harbor harbour harbormaster harbourmaster coroner medical prime premier first owner proprietor ' +
    'founder headman co cofounder cofounders coowner coowners senator senators judge judges justice justices commissioner commissioners ' +
    'council councilmember councilmembers councilman councilmen councilwoman councilwomen councillor councillors aldermen alderman board ' +
    'trustee trustees selectman selectmen director directors partner partners'
  ).split(' '),
);
/**
 * First words that begin roles of two words or more only ("senior pastor", "fire marshal"): the
 * role also needs one of these second words ("senior hydrologist" is no role). "co" needs a
 * hyphen or a letter next ("co-founder", "cofounder"): no second word after a space.
 */
const ROLE_SECOND_WORDS = new Map<string, ReadonlySet<string>>(
  (
    [
      ['police', 'chief'],
      ['fire', 'chief commissioner marshal'],
      ['head', 'teacher of coach football'],
      ['executive', 'director'],
      ['managing', 'director'],
      ['general', 'manager'],
      ['editor', 'in'],
      ['music', 'director'],
      ['artistic', 'director'],
      ['senior', 'pastor'],
      ['high', 'commissioner'],
      ['attorney', 'general'],
      ['district', 'attorney'],
      ['city', 'manager clerk'],
      ['town', 'manager clerk'],
      ['harbor', 'master'],
      ['harbour', 'master'],
      ['medical', 'examiner'],
      ['prime', 'minister'],
      ['first', 'minister'],
      ['co', ''],
      ['council', 'member members man men woman women lor lors'],
      ['board', 'member members'],
    ] as Array<[string, string]>
  ).map(([first, seconds]) => [first, new Set(seconds ? seconds.split(' ') : [])]),
);
const ROLE_PREFIX_WORDS = new Set(['the', 'a', 'an', 'current', 'former', 'new', 'longtime', 'interim', 'acting', 'elected', 'appointed']);

/**
 * Whether the word at `at` may be one of `words` as /iu matches it: its run of ASCII letters,
 * lower-cased, is in the set. With `folding` (words holding "s" or "k", which "ſ" and the
 * Kelvin sign fold to), a non-ASCII character at or right after the run is left to the pattern.
 */
function mayBeWord(slice: string, at: number, words: ReadonlySet<string>, folding: boolean): boolean {
  let end = at;
  while (end < slice.length) {
    const c = slice.charCodeAt(end) | 0x20;
    if (c < 0x61 || c > 0x7a) break;
    end++;
  }
  if (folding && end < slice.length && slice.charCodeAt(end) >= 0x80) return true;
  if (end === at) return false;
  return words.has(slice.slice(at, end).toLowerCase());
}

const isAsciiLetter = (c: number): boolean => (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
const isAsciiSpace = (c: number): boolean => c === 0x20 || (c >= 0x09 && c <= 0x0d);

/**
 * Whether a role may start at `at` (see ROLE_FIRST_WORDS and ROLE_SECOND_WORDS). Anything
 * outside ASCII letters and spaces next to the words read is left to the patterns.
 */
function roleMayStartAt(slice: string, at: number): boolean {
  if (!mayBeWord(slice, at, ROLE_FIRST_WORDS, true)) return false;
  let end = at;
  while (end < slice.length && isAsciiLetter(slice.charCodeAt(end))) end++;
  if (end === at) return true; // a non-ASCII first character
  const seconds = ROLE_SECOND_WORDS.get(slice.slice(at, end).toLowerCase());
  if (seconds === undefined) return true;
  let next = end;
  while (next < slice.length && isAsciiSpace(slice.charCodeAt(next))) next++;
  // No space after the first word (a hyphen, the end…): left to the patterns.
  if (next === end) return true;
  let wordEnd = next;
  while (wordEnd < slice.length && isAsciiLetter(slice.charCodeAt(wordEnd))) wordEnd++;
  if ((wordEnd < slice.length && slice.charCodeAt(wordEnd) >= 0x80) || (wordEnd === next && next < slice.length && slice.charCodeAt(next) >= 0x80)) return true;
  // The second word holds letters (all do): a digit, a sign or the end after the spaces ends the role.
  if (wordEnd === next) return false;
  return seconds.has(slice.slice(next, wordEnd).toLowerCase());
}

function roleAt(text: string, from: number): { holders: number; what: string; role: string; end: number } | undefined {
  const slice = text.slice(from, from + 60);
  let starts = 1;
  roleStarts[0] = 0;
  // The prefix words hold no "s" or "k": no folding.
  while (starts < 4 && mayBeWord(slice, roleStarts[starts - 1], ROLE_PREFIX_WORDS, false)) {
    ROLE_PREFIX.lastIndex = roleStarts[starts - 1];
    if (!ROLE_PREFIX.test(slice)) break;
    roleStarts[starts++] = ROLE_PREFIX.lastIndex;
  }
  let candidates = 0;
  for (let k = 0; k < starts; k++) if (roleMayStartAt(slice, roleStarts[k])) candidates |= 1 << k;
  if (candidates === 0) return undefined;
  for (const [pattern, holders, what] of ROLE_AT) {
    for (let k = starts - 1; k >= 0; k--) {
      if ((candidates & (1 << k)) === 0) continue;
      pattern.lastIndex = roleStarts[k];
      if (pattern.test(slice)) {
        const matched = slice.slice(0, pattern.lastIndex);
        return { holders, what, role: matched.trim(), end: from + matched.length };
      }
    }
  }
  return undefined;
}

/**
 * A unique role: the element (or the text right around it) names a role held by
 * one person or a few in a named place or organisation. Undefined when not.
 */
export function uniqueRole(text: string, start: number, end: number): FieldEstimate | undefined {
  // The role is inside the element ("mayor of Lakewood", "was elected mayor of Lakewood") or is the element ("mayor", then "of Lakewood").
  const span = text.slice(start, end);
  const lead = /^(?:(?:was|is|became|been|being|be|elected|named|appointed|served\s{1,3}as|serves\s{1,3}as|worked\s{1,3}as|works\s{1,3}as|as)\s{1,3}){0,3}/i.exec(span);
  const roleStart = start + (lead ? lead[0].length : 0);
  const role = roleAt(text, roleStart);
  if (!role) return undefined;
  // The role must fill the element up to its complement: "director of nursing" → "director", then "of nursing".
  const tail = text.slice(role.end, Math.min(text.length, Math.max(end, role.end) + 60));
  const complement = SPECIFIC_COMPLEMENT.exec(tail);
  // "manager at Starbucks", "captain at Delta": "at" and "in" name a workplace with many such
  // staff; only heads of the place hold their title there alone.
  const workplace = complement && /^\s{1,3}(?:at|in)\b/i.test(complement[0]);
  if (complement && (!workplace || HEAD_AT.test(role.role))) {
    const where = tail.slice(0, complement[0].length).trim();
    return { count: role.holders, basis: `role "${role.role} ${where}…": ${role.what} (${role.holders === 1 ? '1 person' : `about ${role.holders} people`})` };
  }
  // POSSESSIVE_BEFORE holds "'s" or "’s": the regex (end-anchored, so tried at every position) only where one is.
  const before = roleStart === start ? text.slice(Math.max(0, start - 60), start) : '';
  const poss = before.includes("'s") || before.includes('’s') ? POSSESSIVE_BEFORE.exec(before) : null;
  if (poss) {
    return { count: role.holders, basis: `role "${poss[0].trim()} ${role.role}": ${role.what} (${role.holders === 1 ? '1 person' : `about ${role.holders} people`})` };
  }
  return undefined;
}

const NUMBER_WORDS: Record<string, number> = {
  two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, fifteen: 15, twenty: 20,
  thirty: 30, forty: 40, fifty: 50, hundred: 100, 'a hundred': 100, 'a few': 5, 'a handful': 5, 'a dozen': 12, 'a couple': 2, few: 5, handful: 5, dozen: 12,
};

// "one of (only) three", "one of just 12", "one of 50,000", "one of a handful of" right before the element (with up to three words between).
const ONE_OF =
  /\bone\s{1,3}of\s{1,3}(?:the\s{1,3})?(?:only\s{1,3}|just\s{1,3}|about\s{1,3}|around\s{1,3}|roughly\s{1,3}|some\s{1,3}|nearly\s{1,3}|more\s{1,3}than\s{1,3}|over\s{1,3})?(\d{1,3}(?:,\d{3}){0,3}|\d{1,9}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|a\s{1,3}hundred|a\s{1,3}few|a\s{1,3}handful|a\s{1,3}dozen|a\s{1,3}couple|few|handful|dozen)(?:\s{1,3}(?:thousand|million))?(?:\s{1,3}of)?(?:\s{1,3}(?!(?:in|at|from|for|to|on|with|near|by|and|or)\b)[\p{L}\p{N}'’-]{1,30}){0,3}\s{0,3}$/iu;

// ONE_OF up to its count ("one of (only) three"): checked first, since most "one of" name no
// count ("one of her sisters") and ONE_OF's Unicode word classes cost V8 milliseconds to compile.
const ONE_OF_COUNT =
  /\bone\s{1,3}of\s{1,3}(?:the\s{1,3})?(?:only\s{1,3}|just\s{1,3}|about\s{1,3}|around\s{1,3}|roughly\s{1,3}|some\s{1,3}|nearly\s{1,3}|more\s{1,3}than\s{1,3}|over\s{1,3})?(?:\d|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|a\s{1,3}hundred|a\s{1,3}few|a\s{1,3}handful|a\s{1,3}dozen|a\s{1,3}couple|few|handful|dozen)/iu;

/** A small (or large) field named right before the element: "one of three farriers", "one of 50,000 runners". */
export function fieldSize(text: string, start: number): FieldEstimate | undefined {
  const before = text.slice(Math.max(0, start - 80), start);
  if (!/\bone\s{1,3}of\b/i.test(before) || !ONE_OF_COUNT.test(before)) return undefined;
  const m = ONE_OF.exec(before);
  if (!m) return undefined;
  const token = m[1].toLowerCase().replace(/\s+/g, ' ');
  let count = NUMBER_WORDS[token] ?? Number(token.replace(/,/g, ''));
  if (/thousand/i.test(m[0])) count *= 1000;
  else if (/million/i.test(m[0])) count *= 1_000_000;
  if (!Number.isFinite(count) || count < 1) return undefined;
  return { count, basis: `field named in the text ("${m[0].trim().replace(/\s+/g, ' ')}"): ${formatNumber(count)} people` };
}

// Winning or placing in a small field: an age group, a division, a category, a class.
const SMALL_FIELD_WIN =
  /\b(?:won|wins|winning|winner|winners|champion|first\s+place|1st\s+place|second\s+place|2nd\s+place|third\s+place|3rd\s+place|placed\s+(?:first|second|third)|podium|gold|silver|bronze|medal(?:ed|led)?|top\s+(?:three|five|ten|3|5|10))\b[^.!?\n]{0,80}?\b(?:age[- ]group|age\s+category|age\s+class|division|category|class|bracket|weight\s+class|masters?|veterans?|under-\d{2}|u\d{2}|\d{2}\s?[-–]\s?\d{2}|\d{2}\+)/i;
const SMALL_FIELD_WIN_REVERSED = /\b(?:age[- ]group|division|category|class)\s+(?:win|winner|title|champion|victory|podium|medal)\b/i;
// Winning or placing at all: a race, a prize, a title.
const WIN = /\b(?:won|wins|winner|winning|champion|championship\s+title|first\s+place|1st\s+place|gold|silver|bronze|medal(?:ed|led)?|podium|placed|runner-up|record)\b/i;
const PARTICIPATION = /^(?:\s*(?:ran|run|runs|running|finished|finishing|completed|completing|took\s+part\s+in|taking\s+part\s+in|participated\s+in|competed\s+in|raced|walked|entered|attended|attending|joined|marched\s+in|volunteered\s+at))\b/i;

export function isWin(text: string): boolean {
  return WIN.test(text);
}

/** An achievement in a small field (one winner per age group), or mere participation in a mass event. */
export function achievementField(text: string): { kind: 'win' | 'participation'; basis: string } | undefined {
  if (SMALL_FIELD_WIN.test(text) || SMALL_FIELD_WIN_REVERSED.test(text)) return { kind: 'win', basis: 'a win or place in a small field (an age group, division or class): one or a few people per event' };
  if (!WIN.test(text) && PARTICIPATION.test(text)) return { kind: 'participation', basis: 'taking part, not winning: shared by the event\'s participants' };
  return undefined;
}
