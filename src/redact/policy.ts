import { ALL_LABELS, isLabel, type Label } from '../taxonomy.js';
import { OPERATOR_NAMES, isOperatorName, type OperatorName } from './operators.js';

/**
 * A redaction policy picks the operator for each category. The default policy
 * tags every category ("[PERSON_NAME]"), which keeps the text readable and
 * shows what kind of value was removed.
 */
export type RedactionPolicy = Record<Label, OperatorName>;

export function uniformPolicy(operator: OperatorName): RedactionPolicy {
  return Object.fromEntries(ALL_LABELS.map((l) => [l, operator])) as RedactionPolicy;
}

export const DEFAULT_POLICY: RedactionPolicy = uniformPolicy('tag');

/**
 * Parse "mask" (every category) or "PERSON_NAME=hash,CONTACT=mask" (per category,
 * the rest keeping `base`). "generalize:month" is another way to write
 * "generalize-month"; "neighbor" is another way to write "neighbour".
 */
export function parsePolicy(spec: string, base: RedactionPolicy = DEFAULT_POLICY): RedactionPolicy {
  const policy = { ...base };
  for (const part of spec.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [left, right] = part.replace(/generalize:month\b/g, 'generalize-month').replace(/generalize:year\b/g, 'generalize').replace(/\bneighbor\b/g, 'neighbour').split('=').map((p) => p.trim());
    if (right === undefined) {
      if (!isOperatorName(left)) throw new Error(`unknown operator "${left}" (${OPERATOR_NAMES.join(', ')})`);
      Object.assign(policy, uniformPolicy(left));
      continue;
    }
    if (!isLabel(left)) throw new Error(`unknown category "${left}"`);
    if (!isOperatorName(right)) throw new Error(`unknown operator "${right}" (${OPERATOR_NAMES.join(', ')})`);
    policy[left] = right;
  }
  return policy;
}
