import { lineStartWithin } from './chars.js';
import { addressLexicon } from './lexicon.js';

/**
 * Extends an address backwards over what is written before its street core or
 * postcode on the same line: a unit ("Flat 6, 21 Elgin Crescent"), a building
 * name ("Ashdown House, 235 Albany St"), a house number written "No. 42", and,
 * for postcode-anchored addresses, street and locality parts
 * ("Bryn Awel, Station Road, Bala LL23 7NG").
 */

const MAX_BACK = 160;
/** One comma-separated part of an address line: capitalised words and numbers. */
const PART = /^(?:[\p{Lu}\p{N}][\p{L}\p{M}\p{N}'’.&/\-]{0,30})(?:[ \t]{1,2}(?:[\p{Lu}\p{N}][\p{L}\p{M}\p{N}'’.&/\-]{0,30}|of|the|de|la|du|no\.?|and|rue|app\.))*$/u;
const UNIT_PART = /^(?:#[ \t]?\w{1,8}|(?:[\p{L}]{2,12})\.?:?[ \t]{0,2}(?:no\.?[ \t]?|#[ \t]?)?(?:\d{1,6}[A-Za-z]{0,2}|[A-Za-z](?:-?\d{1,5}[A-Za-z]?)?))$/iu;
const HOUSE_NO = /(?:^|[ \t,])((?:House|Plot|Door|Flat|H\.)[ \t]?No\.?|No\.?)[ \t]?$/i;
/** Last words of organisations: a part ending so is a letterhead, not an address. */
const ORG_END = /\b(?:inc|ltd|llc|llp|plc|gmbh|ag|co|corp|company|institute|hospital|clinic|practice|pharmacy|university|college|school|bank|hotel|society|church|association|associates|laboratories|group|services|department|office|council|foundation|trust|limited|partners)\.?$/i;
const STREETISH = /\d|\b(?:road|street|lane|avenue|cross|main|block|sector|nagar|colony|layout|phase|marg|stage|extension|enclave)\b/i;

interface Part {
  kind: 'unit' | 'building' | 'streetish' | 'plain';
  /** Offset of the address part inside the raw piece (a unit or building may end a longer clause). */
  offset: number;
  /** True when only the end of the piece belongs to the address: stop walking. */
  partial: boolean;
}

const UNIT_TAIL = /(?:^|[ \t])((?:#[ \t]?\w{1,8}|\p{L}{2,12}(?:\.:?[ \t]{0,2}|:?[ \t]{1,2}|[ \t]?#)(?:no\.?[ \t]?|#[ \t]?)?(?:\d{1,6}[A-Za-z]{0,2}|[A-Za-z](?:-?\d{1,5}[A-Za-z]?)?)))$/iu;
const BUILDING_TAIL = /(?:^|[ \t])((?:[\p{Lu}\p{N}][\p{L}\p{M}\p{N}'’.&\-]{0,30}[ \t]){0,3}\p{L}{2,12})$/u;

function hasUnitWord(piece: string, unitWords: ReadonlySet<string>): boolean {
  for (const w of piece.split(/[ \t.:#]/)) if (unitWords.has(w.toLowerCase())) return true;
  return false;
}

/** The piece's text after its last blank (the last word of a BUILDING_TAIL match ends the piece). */
function lastWord(piece: string): string {
  return piece.slice(Math.max(piece.lastIndexOf(' '), piece.lastIndexOf('\t')) + 1);
}

function partOf(raw: string): Part | undefined {
  const p = raw.trim();
  const lead = raw.length - raw.trimStart().length;
  if (!p) return undefined;
  const lex = addressLexicon();
  // A unit's word is one of the piece's words between blanks, ".", ":" and "#"; a building's is
  // its last word after a blank: without one in the lists, the patterns need not run.
  const unit = hasUnitWord(p, lex.unitWords) ? UNIT_TAIL.exec(p) : null;
  if (unit && lex.unitWords.has(unit[1].split(/[ \t.:#]/)[0].toLowerCase())) {
    const offset = lead + p.length - unit[1].length;
    return { kind: 'unit', offset, partial: offset > lead };
  }
  const building = lex.buildingWords.has(lastWord(p).toLowerCase()) ? BUILDING_TAIL.exec(p) : null;
  if (building && /^[\p{Lu}\p{N}]/u.test(building[1]) && lex.buildingWords.has(building[1].split(/[ \t]+/).pop()!.toLowerCase()) && !ORG_END.test(p)) {
    const offset = lead + p.length - building[1].length;
    return { kind: 'building', offset, partial: offset > lead };
  }
  if (p.length > 48 || !PART.test(p) || ORG_END.test(p)) return undefined;
  return { kind: STREETISH.test(p) ? 'streetish' : 'plain', offset: lead, partial: false };
}

/**
 * New start of an address whose core starts at `start`. With `postcodeAnchored`,
 * street and plain parts may be taken too (the start moves to the earliest part
 * that holds a number or a street word); otherwise only units and building names.
 */
export function extendHead(text: string, start: number, postcodeAnchored: boolean): number {
  const lineStart = lineStartWithin(text, start, MAX_BACK);
  let prefix = text.slice(lineStart, start);
  let best = start;
  const house = HOUSE_NO.exec(prefix);
  if (house) {
    best = lineStart + house.index + house[0].indexOf(house[1]);
    prefix = text.slice(lineStart, best);
  }
  let cursor = lineStart + prefix.length;
  // Walk back over ", part" pieces.
  for (let guard = 0; guard < 6; guard++) {
    const before = text.slice(lineStart, cursor);
    const comma = /,[ \t]{0,3}$/.exec(before);
    if (!comma) break;
    const partEnd = comma.index;
    const prevComma = before.lastIndexOf(',', partEnd - 1);
    const colon = Math.max(before.lastIndexOf(':', partEnd - 1), before.lastIndexOf(';', partEnd - 1), before.lastIndexOf('(', partEnd - 1));
    const from = Math.max(prevComma, colon) + 1;
    const raw = before.slice(from, partEnd);
    const part = partOf(raw);
    if (!part) break;
    const partStart = lineStart + from + part.offset;
    if (part.kind === 'unit' || part.kind === 'building') best = partStart;
    else if (!postcodeAnchored) break;
    else if (part.kind === 'streetish') best = partStart;
    if (part.partial) break;
    cursor = lineStart + from;
    if (colon >= prevComma && colon >= 0) break;
  }
  return best;
}
