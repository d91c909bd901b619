import { wordSet } from '../../../lexicons/word-lists.js';
import { readDataLines } from '../../../lexicons/data-files.js';
import { MAX_LINE_LOOK, lineEndAfter, lineStartBefore } from '../../lines.js';

/**
 * Context cues for person names, read from the text around a candidate.
 * Every regular expression here is applied to a short, bounded slice.
 */

/** Last word before a colon that ends the text before the name: "Attending: ", "Parent/Guardian: ". */
const LABEL_BEFORE = /([A-Za-z]{1,30})\)?[ \t]{0,3}:[ \t]{0,12}["\u201C]?$/;

let relationCue: RegExp | undefined;
function relationPhrases(): string[] {
  return readDataLines('lexicons/name-relation-cues.txt').map((p) => p.toLowerCase());
}
/**
 * The relation cue as a regular expression: a phrase at the end of the text,
 * after its start or a non-letter, then an optional " of", comma, blanks and quote.
 * hasRelationCue reads the same with a trie (relationTrie); the tests hold the two
 * to the same answers, surrogate pairs included.
 */
export function relationPattern(): RegExp {
  if (!relationCue) {
    const phrases = relationPhrases()
      .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, ' {1,2}'))
      .sort((a, b) => b.length - a.length);
    relationCue = new RegExp(`(?:^|[^\\p{L}])(?:${phrases.join('|')})(?: of)?,?[ \\t]{0,3}["\u201C']?$`, 'u');
  }
  return relationCue;
}

/**
 * The trie of the relation phrases, read backwards from their last character, in flat arrays:
 * node n's child by character symbol y is next[n * symbols + y] (0: none; node 0 is the root, never
 * a child). An ASCII character's symbol is read from a table, another's from a small map; 0 is the
 * symbol of every character in no phrase.
 */
interface RelationTrie {
  next: Int32Array;
  /** 1 where a whole phrase ends (starts, read forwards). */
  end: Uint8Array;
  symbols: number;
  asciiSymbol: Uint16Array;
  otherSymbol: Map<number, number>;
}
let relationTrie: RelationTrie | undefined;

function relationTrieRoot(): RelationTrie {
  if (!relationTrie) {
    const phrases = relationPhrases();
    const asciiSymbol = new Uint16Array(128);
    const otherSymbol = new Map<number, number>();
    let symbols = 1;
    for (const p of phrases) {
      for (let k = 0; k < p.length; k++) {
        const c = p.charCodeAt(k);
        if (c < 128 ? asciiSymbol[c] === 0 : !otherSymbol.has(c)) {
          if (c < 128) asciiSymbol[c] = symbols++;
          else otherSymbol.set(c, symbols++);
        }
      }
    }
    // Children as lists while building, then one flat table.
    const children: Array<Map<number, number>> = [new Map()];
    const end: number[] = [0];
    for (const p of phrases) {
      let node = 0;
      for (let k = p.length - 1; k >= 0; k--) {
        const c = p.charCodeAt(k);
        const y = c < 128 ? asciiSymbol[c] : otherSymbol.get(c)!;
        let child = children[node].get(y);
        if (child === undefined) {
          child = children.length;
          children.push(new Map());
          end.push(0);
          children[node].set(y, child);
        }
        node = child;
      }
      end[node] = 1;
    }
    const next = new Int32Array(children.length * symbols);
    children.forEach((m, node) => m.forEach((child, y) => (next[node * symbols + y] = child)));
    relationTrie = { next, end: Uint8Array.from(end), symbols, asciiSymbol, otherSymbol };
  }
  return relationTrie;
}

const LETTER = /\p{L}/u;

/**
 * The code point that ends at `k` (k > 0) is a letter, as `\p{L}` with the u flag reads it: a
 * surrogate pair is one code point, a lone surrogate none of the letters.
 */
function letterEndsAt(s: string, k: number): boolean {
  const b = s.charCodeAt(k - 1);
  if (b < 128) return (b >= 97 && b <= 122) || (b >= 65 && b <= 90);
  if (b >= 0xdc00 && b <= 0xdfff && k >= 2) {
    const a = s.charCodeAt(k - 2);
    if (a >= 0xd800 && a <= 0xdbff) return LETTER.test(s.slice(k - 2, k));
  }
  return LETTER.test(s[k - 1]);
}

/** `s` ends at `k` with the rest of a phrase from `node` on, which starts at the text start or after a non-letter. */
function phraseEndsAt(s: string, trie: RelationTrie, node: number, k: number): boolean {
  for (;;) {
    if (trie.end[node] === 1) {
      if (k === 0) return true;
      if (!letterEndsAt(s, k)) return true;
    }
    if (k === 0) return false;
    const c = s.charCodeAt(k - 1);
    const y = c < 128 ? trie.asciiSymbol[c] : (trie.otherSymbol.get(c) ?? 0);
    if (y === 0) return false;
    const child = trie.next[node * trie.symbols + y];
    if (child === 0) return false;
    // A blank inside a phrase stands for one or two blanks.
    if (c === 32 && k >= 2 && s.charCodeAt(k - 2) === 32 && phraseEndsAt(s, trie, child, k - 2)) return true;
    node = child;
    k--;
  }
}

function isBlank(c: number): boolean {
  return c === 32 || c === 9;
}

function isBlankAt(s: string, k: number): boolean {
  return isBlank(s.charCodeAt(k));
}

/** The run of a-z letters ending at `end`. */
function trailingRun(s: string, end: number): string {
  let b = end;
  while (b > 0 && isAsciiLowerLetter(s.charCodeAt(b - 1))) b--;
  return s.slice(b, end);
}

function isAsciiLowerLetter(c: number): boolean {
  return c >= 97 && c <= 122;
}


/**
 * The relation pattern read from the end of `s`: every way to peel off an optional
 * quote, up to three blanks, a comma and " of", then a phrase in the trie.
 */
function endsWithRelation(s: string): boolean {
  const trie = relationTrieRoot();
  const n = s.length;
  for (let q = n; q >= n - 1 && q >= 0; q--) {
    if (q === n - 1) {
      const c = s.charCodeAt(q);
      if (c !== 34 && c !== 0x201c && c !== 39) break;
    }
    for (let p = q; p >= q - 3 && p >= 0; p--) {
      if (p < q && !isBlankAt(s, p)) break;
      for (let r = p; r >= p - 1 && r >= 0; r--) {
        if (r === p - 1 && s.charCodeAt(r) !== 44) break;
        if (phraseEndsAt(s, trie, 0, r)) return true;
        if (r >= 3 && s.charCodeAt(r - 3) === 32 && s.charCodeAt(r - 2) === 111 && s.charCodeAt(r - 1) === 102 && phraseEndsAt(s, trie, 0, r - 3)) return true;
      }
    }
  }
  return false;
}

/** Text of the line before `start` (at most 80 characters). */
export function linePrefix(text: string, start: number): string {
  const from = Math.max(0, start - 80);
  const slice = text.slice(from, start);
  const nl = slice.lastIndexOf('\n');
  return nl >= 0 ? slice.slice(nl + 1) : slice;
}

/** "Patient: ⟦...⟧", "cc: ⟦...⟧": a form label that names a person. */
export function hasLabelCue(text: string, start: number): boolean {
  // Cheap necessary condition: a colon, blanks and an optional quote right before `start`.
  const limit = Math.max(0, start - 80);
  let e = start;
  if (e > limit && (text.charCodeAt(e - 1) === 34 || text.charCodeAt(e - 1) === 0x201c)) e--;
  for (let k = 0; k < 12 && e > limit && isBlank(text.charCodeAt(e - 1)); k++) e--;
  if (e === limit || text.charCodeAt(e - 1) !== 58) return false;
  const m = LABEL_BEFORE.exec(linePrefix(text, start));
  return m !== null && wordSet('name-label-cues.txt').has(m[1].toLowerCase());
}

/** "my wife ⟦Carmen⟧", "survived by ⟦Anna⟧", "Dear ⟦Mr. Lee⟧", "Hi ⟦Lulu⟧". */
export function hasRelationCue(lowerBefore: string): boolean {
  return endsWithRelation(lowerBefore);
}

/** Words after a name that show it is a person: a relation in brackets or a speech verb. */
const AFTER_CUE = /^(?:['\u2019]s)?,?[ \t]{1,2}(?:\((?:wife|husband|son|daughter|mother|father|mom|dad|brother|sister|spouse|partner|friend|guardian|parent|grandmother|grandfather|patient|client|tenant|employee|student|aunt|uncle|cousin|niece|nephew)\)|(?:\(born|\(n[ée]e|born [0-9]|said|says|told|wrote|writes|asked|replied|noted|explained|added|agreed|texted|emailed|called|stated|testified|reported|recalled|thanked)\b)/;

export function hasAfterCue(lowerAfter: string): boolean {
  return AFTER_CUE.test(lowerAfter);
}

const CLOSING = /^[ \t>]{0,4}(?:best|best regards|kind regards|warm regards|warmest regards|regards|sincerely|sincerely yours|yours|yours truly|yours sincerely|thanks|thank you|many thanks|thanks again|cheers|love|lots of love|with love|respectfully|cordially|take care|warmly|all the best|hugs|xoxo|ingat|salamat|best wishes|with thanks|gratefully|talk soon|see you soon)[!,.]{0,2}[ \t]*$/i;
const DASH_PREFIX = /^[ \t>]{0,6}(?:[-\u2013\u2014~]{1,2})[ \t]{0,2}$/;

/**
 * A signature: the name alone on its line right after a closing ("Best,\nAnna"),
 * or after a dash at the start of a line ("— Lulu").
 */
export function isSignature(text: string, start: number, end: number): boolean {
  if (!lineStartIsBare(text, start)) return false;
  const prefix = linePrefix(text, start);
  const rest = text.slice(end, lineEndAfter(text, end));
  const restIsEmpty = /^[ \t.,]{0,3}$/.test(rest) || /^,? [A-Z][A-Za-z.]{1,8}\.?[ \t]*$/.test(rest);
  // "— Lulu" alone on its line; a bullet "- Loan management ..." is no signature.
  if (DASH_PREFIX.test(prefix)) return restIsEmpty;
  if (prefix.trim().replace(/^>+/, '').trim() !== '') return false;
  if (!restIsEmpty) return false;
  // Previous non-empty line.
  let i = start - prefix.length - 1;
  const floor = Math.max(0, i - MAX_LINE_LOOK);
  while (i > floor && (text[i - 1] === '\n' || text[i - 1] === ' ' || text[i - 1] === '\r')) i--;
  const prevStart = lineStartBefore(text, i);
  const prevLine = text.slice(prevStart, i);
  return CLOSING.test(prevLine);
}

/**
 * Cheap necessary condition for a signature: the line before `start` holds only
 * blanks, '>', dashes and tildes (any other printable ASCII character rules it out).
 */
function lineStartIsBare(text: string, start: number): boolean {
  const limit = Math.max(0, start - 80);
  for (let i = start - 1; i >= limit; i--) {
    const c = text.charCodeAt(i);
    if (c === 10) return true;
    if (c > 32 && c < 127 && c !== 62 && c !== 45 && c !== 126) return false;
  }
  return true;
}

/** Last words of the cues of PLACE_BEFORE below (with "the" and the "up" of "grew up"): keep the two in step. */
export const PLACE_CUE_LAST: ReadonlySet<string> = new Set(['in', 'from', 'to', 'near', 'at', 'across', 'around', 'outside', 'throughout', 'visit', 'visited', 'visiting', 'toward', 'towards', 'into', 'via', 'through', 'between', 'leaving', 'left', 'reach', 'reached', 'flew', 'drove', 'moved', 'relocated', 'based', 'born', 'raised', 'lives', 'lived', 'living', 'up', 'resides', 'resided', 'the']);

/** Prepositions and verbs that introduce a place, not a person: "in Florence", "moved to Austin". */
const PLACE_BEFORE = /(?:^|[^\p{L}])(?:in|from|to|near|at|across|around|outside|throughout|visit|visited|visiting|toward|towards|into|via|through|between|leaving|left|reach|reached|flew|drove|moved|relocated|based|born|raised|lives|lived|living|grew up|resides|resided)[ \t]{1,2}(?:the[ \t]{1,2})?$/u;

export function hasPlaceCue(lowerBefore: string): boolean {
  // Cheap necessary condition: one or two blanks after one of the cue's last words.
  let e = lowerBefore.length;
  if (e === 0 || !isBlank(lowerBefore.charCodeAt(e - 1))) return false;
  e--;
  if (e > 0 && isBlank(lowerBefore.charCodeAt(e - 1))) e--;
  if (!PLACE_CUE_LAST.has(trailingRun(lowerBefore, e))) return false;
  return PLACE_BEFORE.test(lowerBefore);
}
