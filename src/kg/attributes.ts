import { readDataLines } from '../lexicons/data-files.js';
import { isSpecLabel, type SpecLabel } from '../taxonomy.js';

/**
 * What an attribute of the knowledge graph holds: the kind of value (which
 * decides its written variants, variants.ts) and the Splice category a masked
 * mention of it gets as a distant label. Read from data/kg/attributes.txt.
 */
export type ValueKind = 'name' | 'date' | 'place' | 'country' | 'nationality' | 'text' | 'ignore';

export interface AttributeRule {
  kind: ValueKind;
  /** Undefined for kind 'ignore'. */
  label?: SpecLabel;
}

const KINDS: ReadonlySet<string> = new Set<ValueKind>(['name', 'date', 'place', 'country', 'nationality', 'text', 'ignore']);

/** Label of attributes nobody listed (a characteristic of the person). */
export const DEFAULT_LABEL: SpecLabel = 'TRAIT';

let rules: Map<string, AttributeRule> | undefined;

function loadRules(): Map<string, AttributeRule> {
  if (rules) return rules;
  const out = new Map<string, AttributeRule>();
  for (const line of readDataLines('kg/attributes.txt')) {
    const [name, kind, label] = line.split('\t');
    if (!name || !KINDS.has(kind)) throw new Error(`data/kg/attributes.txt: bad line for "${name}"`);
    if (kind === 'ignore') out.set(name, { kind: 'ignore' });
    else if (isSpecLabel(label)) out.set(name, { kind: kind as ValueKind, label });
    else throw new Error(`data/kg/attributes.txt: unknown label for "${name}"`);
  }
  rules = out;
  return out;
}

/** "dateOfBirth", "Date of birth", "date-of-birth" → "date_of_birth"; Wikidata ids keep their shape ("P569" → "p569"). */
export function attributeKey(name: string): string {
  return name
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1_$2')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '');
}

/**
 * The rule of an attribute: its own line, else the line of its words from the
 * last one back ("mother_name" → "name", "home_city" → "city"), else plain text
 * with the default label. A URI's last segment stands for it
 * ("http://schema.org/birthDate" → "birth_date").
 */
export function attributeRule(name: string): AttributeRule {
  const table = loadRules();
  const tail = name.replace(/[#/]+$/, '').split(/[#/]/).pop() ?? name;
  const key = attributeKey(tail.includes(':') ? tail.slice(tail.lastIndexOf(':') + 1) : tail);
  const own = table.get(key);
  if (own) return own;
  const words = key.split('_');
  for (let i = words.length - 1; i >= 0; i--) {
    const hit = table.get(words[i]);
    if (hit) return hit;
  }
  return { kind: 'text', label: DEFAULT_LABEL };
}
