import { readDataJson } from '../../lexicons/data-files.js';
import { isLabel, type Label } from '../../taxonomy.js';

interface LabelTable {
  map: Record<string, string>;
  unlabeled: string[];
}

let table: Map<string, Label> | undefined;

/**
 * Maps a label written by another corpus or tool to a Splice category
 * (data/eval/external-labels.json); null when it has none (TAB's DATETIME,
 * QUANTITY, MISC, or an unknown label): the span is then unlabeled PII.
 */
export function toSpliceLabel(raw: string): Label | null {
  const name = raw.trim().toUpperCase();
  if (isLabel(name)) return name;
  if (!table) {
    const data = readDataJson<LabelTable>('eval/external-labels.json');
    table = new Map();
    for (const [k, v] of Object.entries(data.map)) {
      if (!isLabel(v)) throw new Error(`data/eval/external-labels.json: ${v} is not a Splice label`);
      table.set(k.toUpperCase(), v);
    }
  }
  return table.get(name) ?? null;
}
