import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import { readDataLines } from '../../../lexicons/data-files.js';

/**
 * Two written forms the word lexicons cannot see:
 * - spinal levels with a disc finding or spine procedure ("herniated L4–L5
 *   disc", "C5-C6 radiculopathy", "L5/S1 fusion");
 * - an imaging study of a body region ("CT abd/pelvis w/ contrast", "MRI
 *   lumbar spine", "X-ray of the left wrist").
 * Every pattern is a fixed sequence of bounded pieces, so matching is linear.
 */
const LEVEL = String.raw`(?:[CTL]\d{1,2}|S[1-5])(?:\s?[-\u2013\u2014/]\s?(?:[CTLS]\d{1,2}))?`;
const SPINAL = new RegExp(
  String.raw`\b(?:(?:herniated|bulging|slipped|ruptured|protruding|prolapsed|degenerative|degenerated|collapsed)\s)?` +
    LEVEL +
    String.raw`(?:\s(?:disc|disk)(?:\s(?:herniation|bulge|protrusion|prolapse|disease|degeneration|space narrowing))?|\s(?:herniation|radiculopathy|fusion|stenosis|compression fracture|burst fracture|fracture|discectomy|microdiscectomy|laminectomy|spondylolisthesis))\b`,
  'g',
);
const LEVEL_START = /[CTLS]\d/;
const MODALITY = /\b(?:CTA?|MR[IA]|PET(?:[-/]CT)?|[Xx]-?[Rr]ays?|[Uu]ltrasound|US)(?: of(?: the)?)? ([A-Za-z][A-Za-z-]{1,14})(?:\/([A-Za-z][A-Za-z-]{1,14}))?(?: ([A-Za-z][A-Za-z-]{1,14}))?/g;
const XRAY = /[Xx]-?[Rr]ay/;
const CONTRAST = / (?:w\/o?|with|without) (?:IV )?contrast\b/y;

let regions: Set<string> | undefined;
let sides: Set<string> | undefined;

function load(): void {
  if (regions) return;
  regions = new Set(readDataLines('medical-imaging-regions.txt'));
  sides = new Set(readDataLines('medical-imaging-sides.txt'));
}

export function spinalLevelCandidates(ctx: DetectionContext): Candidate[] {
  const out: Candidate[] = [];
  // Every match holds a level: a capital C, T, L or S and a digit (a cheap test before the scan).
  if (!LEVEL_START.test(ctx.text)) return out;
  SPINAL.lastIndex = 0;
  for (let m = SPINAL.exec(ctx.text); m; m = SPINAL.exec(ctx.text)) out.push({ start: m.index, end: m.index + m[0].length, label: 'MEDICAL', score: 0.75 });
  return out;
}

export function imagingCandidates(ctx: DetectionContext): Candidate[] {
  load();
  const out: Candidate[] = [];
  const text = ctx.text;
  // Every match starts with a modality word: cheap tests before the scan.
  if (!text.includes('CT') && !text.includes('MR') && !text.includes('PET') && !text.includes('US') && !text.includes('ltrasound') && !XRAY.test(text)) return out;
  MODALITY.lastIndex = 0;
  for (let m = MODALITY.exec(text); m; m = MODALITY.exec(text)) {
    const [whole, first, slash, third] = m;
    let end: number;
    const firstLower = first.toLowerCase();
    if (regions!.has(firstLower)) {
      end = m.index + whole.length - (third ? third.length + 1 : 0);
      if (slash && !regions!.has(slash.toLowerCase())) end -= slash.length + 1;
      if (third && !slash && regions!.has(third.toLowerCase())) end += third.length + 1;
    } else if (sides!.has(firstLower) && !slash && third && regions!.has(third.toLowerCase())) {
      end = m.index + whole.length;
    } else {
      // Let the scan resume right after the modality word: a region may follow a later one.
      MODALITY.lastIndex = m.index + 2;
      continue;
    }
    CONTRAST.lastIndex = end;
    const c = CONTRAST.exec(text);
    if (c) end += c[0].length;
    out.push({ start: m.index, end, label: 'MEDICAL', score: 0.75 });
    MODALITY.lastIndex = end;
  }
  return out;
}
