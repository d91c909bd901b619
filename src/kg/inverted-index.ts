import { LABELS, type SpecLabel as Label } from '../taxonomy.js';
import { attributeRule, type AttributeRule } from './attributes.js';
import { isGenericKey } from './generic.js';
import type { KnowledgeGraph } from './graph.js';
import { normalizeKey } from './normalize.js';
import type { Postings } from './postings.js';
import { surfaceForms } from './variants.js';

/**
 * The inverted index of a knowledge graph: term → the individuals it points
 * to (sorted Int32Array postings). A term is a normalised surface form
 * (normalize.ts) of an attribute value or of one of its variants
 * (variants.ts); generic terms (generic.ts) are never indexed. A form shared
 * by several values ("J. Smith" from "John Smith" and "Jane Smith") is one
 * term whose postings hold all their individuals: a reader of the text
 * cannot tell them apart either.
 *
 * Each term also keeps the Splice category its values mostly belong to (from
 * data/kg/attributes.txt), the distant label of a masked mention.
 */
export interface TermLabelSource {
  /** The label of `term` for one individual's own values (when the document's subject is known). */
  labelFor(term: number, individual?: number): Label;
}

export class InvertedIndex implements TermLabelSource {
  private readonly byKey: Map<string, number>;

  private constructor(
    readonly graph: KnowledgeGraph,
    /** Term keys; a term's number is its index here. */
    readonly keys: readonly string[],
    private readonly lists: readonly Postings[],
    private readonly labels: Uint8Array,
  ) {
    this.byKey = new Map(keys.map((k, i) => [k, i]));
  }

  /** Build the index of a graph (individuals are numbered by their position in graph.ids). */
  static build(graph: KnowledgeGraph): InvertedIndex {
    const entries = new Map<string, { ids: number[]; votes: Uint32Array }>();
    const rules = new Map<string, AttributeRule>();
    graph.profiles.forEach((profile, individual) => {
      for (const { key, label } of termsOfProfile(profile.attributes, rules)) {
        let e = entries.get(key);
        if (!e) {
          e = { ids: [], votes: new Uint32Array(LABELS.length) };
          entries.set(key, e);
        }
        // Individuals arrive in ascending order: the list stays sorted and duplicate-free.
        if (e.ids[e.ids.length - 1] !== individual) e.ids.push(individual);
        e.votes[LABELS.indexOf(label)]++;
      }
    });
    const keys: string[] = [];
    const lists: Postings[] = [];
    const labels = new Uint8Array(entries.size);
    for (const [key, e] of entries) {
      labels[keys.length] = argmax(e.votes);
      keys.push(key);
      lists.push(Int32Array.from(e.ids));
    }
    return new InvertedIndex(graph, keys, lists, labels);
  }

  get size(): number {
    return this.keys.length;
  }

  /** Total number of (term, individual) pairs. */
  get pairs(): number {
    let n = 0;
    for (const l of this.lists) n += l.length;
    return n;
  }

  termOf(key: string): number | undefined {
    return this.byKey.get(key);
  }

  postings(term: number): Postings {
    return this.lists[term];
  }

  /** The individual number of an id (undefined when the graph does not know it). */
  individualOf(id: string): number | undefined {
    this.individuals ??= new Map(this.graph.ids.map((v, i) => [v, i]));
    return this.individuals.get(id);
  }

  private individuals?: Map<string, number>;
  private readonly ownLabels = new Map<number, Map<string, Label>>();

  labelFor(term: number, individual?: number): Label {
    if (individual !== undefined) {
      let own = this.ownLabels.get(individual);
      if (!own) {
        own = new Map();
        for (const { key, label } of termsOfProfile(this.graph.profiles[individual].attributes, new Map())) if (!own.has(key)) own.set(key, label);
        if (this.ownLabels.size > 1024) this.ownLabels.clear();
        this.ownLabels.set(individual, own);
      }
      const hit = own.get(this.keys[term]);
      if (hit) return hit;
    }
    return LABELS[this.labels[term]];
  }
}

function argmax(votes: Uint32Array): number {
  let best = 0;
  for (let i = 1; i < votes.length; i++) if (votes[i] > votes[best]) best = i;
  return best;
}

/** Every indexed term of one individual's attributes, with the label its attribute gives it. */
export function* termsOfProfile(attributes: Record<string, string[]>, rules: Map<string, AttributeRule>): Generator<{ key: string; label: Label }> {
  for (const [attribute, values] of Object.entries(attributes)) {
    let rule = rules.get(attribute);
    if (!rule) {
      rule = attributeRule(attribute);
      rules.set(attribute, rule);
    }
    if (rule.kind === 'ignore' || !rule.label) continue;
    for (const value of values) {
      for (const form of surfaceForms(value, rule.kind)) {
        const key = normalizeKey(form);
        if (key && !isGenericKey(key)) yield { key, label: rule.label };
      }
    }
  }
}
