import { LABELS } from '../taxonomy.js';
import { NONE, NUM_CLASSES, UNLABELED, labelOfClass } from './classes.js';

/**
 * Confusion matrix gold label × predicted label, with a "spurious" row (no
 * gold: predicted where nothing was) and a "missed" column (nothing predicted).
 * The spurious × missed cell (correct negatives) is null: it is not an error
 * and would swamp a heat map. UNLABELED appears only when the corpus or the
 * predictions have PII without a Splice label.
 */
export interface ConfusionTable {
  unit: 'token' | 'entity';
  rows: string[];
  columns: string[];
  cells: Array<Array<number | null>>;
}

export const MISSED = 'missed';
export const SPURIOUS = 'spurious';

export function confusionTable(m: Float64Array, unit: 'token' | 'entity'): ConfusionTable {
  const rowSum = (g: number) => m.slice(g * NUM_CLASSES, (g + 1) * NUM_CLASSES).reduce((a, b) => a + b, 0);
  let colUnlabeled = 0;
  for (let g = 0; g < NUM_CLASSES; g++) colUnlabeled += m[g * NUM_CLASSES + UNLABELED];
  const rowClasses = [...LABELS.map((_, i) => i + 1), ...(rowSum(UNLABELED) ? [UNLABELED] : []), NONE];
  const colClasses = [...LABELS.map((_, i) => i + 1), ...(colUnlabeled ? [UNLABELED] : []), NONE];
  const name = (c: number, none: string) => (c === NONE ? none : c === UNLABELED ? 'UNLABELED' : labelOfClass(c)!);
  return {
    unit,
    rows: rowClasses.map((c) => name(c, SPURIOUS)),
    columns: colClasses.map((c) => name(c, MISSED)),
    cells: rowClasses.map((g) => colClasses.map((p) => (g === NONE && p === NONE ? null : m[g * NUM_CLASSES + p]))),
  };
}
