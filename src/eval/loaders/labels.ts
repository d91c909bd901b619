import { readDataJson } from '../../lexicons/data-files.js';
import { isExtensionLabel, isSpecLabel, type Label, type SpecLabel } from '../../taxonomy.js';

interface LabelTable {
  map: Record<string, string>;
  unlabeled: string[];
}

let table: Map<string, SpecLabel> | undefined;

/**
 * Maps a label written by another corpus or tool to a Splice category
 * (data/eval/external-labels.json); null when it has none (TAB's DATETIME,
 * QUANTITY, MISC, or an unknown label): the span is then unlabeled PII.
 * Gold is scored on the 14 categories only: an extension label (DATE) in a gold
 * file is unlabeled PII too.
 */
export function toSpliceLabel(raw: string): SpecLabel | null {
  const name = raw.trim().toUpperCase();
  if (isSpecLabel(name)) return name;
  if (!table) {
    const data = readDataJson<LabelTable>('eval/external-labels.json');
    table = new Map();
    for (const [k, v] of Object.entries(data.map)) {
      if (!isSpecLabel(v)) throw new Error(`data/eval/external-labels.json: ${v} is not a Splice label`);
      table.set(k.toUpperCase(), v);
    }
  }
  return table.get(name) ?? null;
}

/** For predictions: as toSpliceLabel, but Splice's own extension labels (DATE, QUANTITY) are kept (see evaluate.ts). */
export function toPredictedLabel(raw: string): Label | null {
  const name = raw.trim().toUpperCase();
  return isExtensionLabel(name) ? name : toSpliceLabel(raw);
}
