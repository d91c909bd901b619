/**
 * Reads an identifier code that starts at a given position: runs of letters,
 * digits and masks ('*', '•') joined by single '-', '/', '.', ':' or '_'
 * ("TR-00418936", "2:19-cv-03157-KLM", "***-**-6082"), optionally in groups
 * separated by single spaces ("WPM 317 604 882", "48 170362 K 719",
 * "31-4-05196-2 BOS"). A scan by hand rather than a regular expression: it only
 * moves forward, so it is linear, and the grouping rules are easier to read.
 */

const MAX_GROUPS = 6;
const MAX_CHARS = 48;
const JOINERS = new Set(['-', '/', '.', ':', '_']);

/** Capitalised form words that end a code rather than continue it ("MRN 4471 DOB"). */
const STOP_GROUPS = new Set([
  'DOB', 'SSN', 'MRN', 'SEX', 'AGE', 'ID', 'NO', 'DL', 'VIN', 'NPI', 'EIN', 'AND', 'THE', 'FOR', 'TO', 'OF', 'IN', 'ON',
  'AT', 'BY', 'OR', 'IS', 'A', 'I', 'AM', 'PM', 'RE', 'CC', 'FAX', 'TEL', 'DX', 'RX', 'HX', 'YRS', 'USD', 'EUR', 'GBP', 'CAD',
]);

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isUpper(c: number): boolean {
  return c >= 65 && c <= 90;
}
function isLower(c: number): boolean {
  return c >= 97 && c <= 122;
}
function isCodeChar(c: number): boolean {
  return isDigit(c) || isUpper(c) || isLower(c) || c === 42 /* * */ || c === 0x2022 /* • */;
}

interface Group {
  start: number;
  end: number;
  digits: number;
  lower: number;
  upper: number;
  masks: number;
}

const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;

function readGroup(text: string, start: number): Group | undefined {
  if (start >= text.length || !isCodeChar(text.charCodeAt(start))) return undefined;
  const g: Group = { start, end: start, digits: 0, lower: 0, upper: 0, masks: 0 };
  let i = start;
  while (i < text.length && i - start < MAX_CHARS) {
    const c = text.charCodeAt(i);
    if (isCodeChar(c)) {
      if (isDigit(c)) g.digits++;
      else if (isUpper(c)) g.upper++;
      else if (isLower(c)) g.lower++;
      else g.masks++;
      i++;
      continue;
    }
    // A joiner counts only between two code characters; ':' only between digits (case "3:23-cv").
    const next = i + 1 < text.length ? text.charCodeAt(i + 1) : -1;
    const prev = text.charCodeAt(i - 1);
    if (JOINERS.has(text[i]) && isCodeChar(next) && (text[i] !== ':' || (isDigit(prev) && isDigit(next)))) {
      i++;
      continue;
    }
    break;
  }
  g.end = i;
  // A code never runs straight into a word character we do not read (accents, other scripts).
  // ASCII is tested by hand: the pattern only for other characters.
  const c = i < text.length ? text.charCodeAt(i) : -1;
  if (c >= 0 && (c < 0x80 ? isDigit(c) || isUpper(c) || isLower(c) : LETTER_OR_NUMBER.test(text[i]))) return undefined;
  return g;
}

function lettersOnlyUpper(g: Group, maxLen: number): boolean {
  return g.digits === 0 && g.lower === 0 && g.masks === 0 && g.upper > 0 && g.end - g.start <= maxLen;
}

/**
 * End of the code that starts at `start`, or `start` when there is none.
 * `lettersFirst`: the first group may be letters only ("RLW 715", a plate).
 */
export function parseCodeValue(text: string, start: number, lettersFirst = true): number {
  const first = readGroup(text, start);
  if (!first) return start;
  // A first group without digits must be a short capital prefix ("MJ 4061 7725").
  const firstIsPrefix = first.digits === 0 && first.masks === 0;
  if (firstIsPrefix && (!lettersFirst || !lettersOnlyUpper(first, 4) || STOP_GROUPS.has(text.slice(first.start, first.end)))) {
    return start;
  }
  let end = first.end;
  let groups = 1;
  let seenDigit = first.digits > 0 || first.masks > 0;
  let pos = first.end;
  while (groups < MAX_GROUPS && text[pos] === ' ') {
    const g = readGroup(text, pos + 1);
    if (!g) break;
    const word = text.slice(g.start, g.end);
    // Later digit groups need two characters: "ID 4471 2 visits" stops before "2".
    const maskGroup = /^[Xx*•]{2,}$/.test(word); // "6011 47XX XXXX 3908"
    const digitGroup = maskGroup || ((g.digits > 0 || g.masks > 0) && g.lower === 0 && g.end - g.start >= 2);
    // A short capital group continues a code that already has digits ("31-4-05196-2 BOS", "TN 09 BK 2630").
    const suffixGroup = seenDigit && lettersOnlyUpper(g, 3) && !STOP_GROUPS.has(word);
    if (!digitGroup && !suffixGroup) break;
    if (!seenDigit && !digitGroup) break;
    seenDigit ||= digitGroup;
    end = g.end;
    pos = g.end;
    groups++;
  }
  if (!seenDigit) return start;
  return end;
}
