import { LABELS, isLabel, type Label } from '../taxonomy.js';
import { isOperatorName, type OperatorName } from './operators.js';

/**
 * A redaction policy picks the operator for each category. The default policy
 * tags every category ("[PERSON_NAME]"), which keeps the text readable and
 * shows what kind of value was removed.
 */
export type RedactionPolicy = Record<Label, OperatorName>;

export function uniformPolicy(operator: OperatorName): RedactionPolicy {
  return Object.fromEntries(LABELS.map((l) => [l, operator])) as RedactionPolicy;
}

export const DEFAULT_POLICY: RedactionPolicy = uniformPolicy('tag');

/**
 * Parse "mask" (every category) or "PERSON_NAME=hash,CONTACT=mask" (per category,
 * the rest keeping `base`).
 */
export function parsePolicy(spec: string, base: RedactionPolicy = DEFAULT_POLICY): RedactionPolicy {
  const policy = { ...base };
  for (const part of spec.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [left, right] = part.split('=').map((p) => p.trim());
    if (right === undefined) {
      if (!isOperatorName(left)) throw new Error(`unknown operator "${left}" (tag, mask, remove, hash)`);
      Object.assign(policy, uniformPolicy(left));
      continue;
    }
    if (!isLabel(left)) throw new Error(`unknown category "${left}"`);
    if (!isOperatorName(right)) throw new Error(`unknown operator "${right}" (tag, mask, remove, hash)`);
    policy[left] = right;
  }
  return policy;
}
