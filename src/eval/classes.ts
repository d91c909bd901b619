import { LABELS, LEVELS, TAXONOMY, isSpecLabel, type Label, type SpecLabel, type Significance } from '../taxonomy.js';

/**
 * Small-integer codes for what covers a token or a span, so that a whole
 * document's token outcomes fit one NUM_CLASSES × NUM_CLASSES count matrix
 * (gold class × predicted class) from which every token metric is derived.
 *   0            nothing (not PII / not predicted)
 *   1 … 14       the Splice labels, in taxonomy order
 *   15           PII without a Splice label (unlabeled gold, foreign predicted label,
 *                or an extension label such as DATE: never one of the 14)
 */
export const NONE = 0;
export const UNLABELED = LABELS.length + 1;
export const NUM_CLASSES = LABELS.length + 2;

export function classOf(label: Label | null): number {
  return isSpecLabel(label) ? LABELS.indexOf(label) + 1 : UNLABELED;
}

export function labelOfClass(cls: number): SpecLabel | null {
  return cls >= 1 && cls <= LABELS.length ? LABELS[cls - 1] : null;
}

/** Every labelled class. */
export const LABEL_CLASSES: readonly number[] = LABELS.map((_, i) => i + 1);

export function classesOfLevel(level: Significance): number[] {
  return LABELS.filter((l) => TAXONOMY[l].significance === level).map((l) => classOf(l));
}

/**
 * A group of classes scored together: one category, one level, or everything.
 * `withUnlabeled` adds class 15 (only the overall group has it).
 */
export interface ClassGroup {
  classes: readonly number[];
  withUnlabeled: boolean;
}

export const ALL_GROUP: ClassGroup = { classes: LABEL_CLASSES, withUnlabeled: true };

export function categoryGroup(label: SpecLabel): ClassGroup {
  return { classes: [classOf(label)], withUnlabeled: false };
}

export function levelGroup(level: Significance): ClassGroup {
  return { classes: classesOfLevel(level), withUnlabeled: false };
}

export function groupMask(group: ClassGroup): boolean[] {
  const mask = new Array<boolean>(NUM_CLASSES).fill(false);
  for (const c of group.classes) mask[c] = true;
  if (group.withUnlabeled) mask[UNLABELED] = true;
  return mask;
}

export { LABELS, LEVELS };
