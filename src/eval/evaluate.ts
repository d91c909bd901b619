import { LABELS, LEVELS, isExtensionLabel, type SpecLabel, type Significance } from '../taxonomy.js';
import { ALL_GROUP, categoryGroup, levelGroup, type ClassGroup } from './classes.js';
import { confusionTable, type ConfusionTable } from './confusion.js';
import { addEntityTally, emptyEntityTally, entityScores, entityTally, type EntityTally, type MatchKind } from './entity-metrics.js';
import { documentErrors, worst, type ErrorItem } from './errors.js';
import { proportion, type Rate, type Scores } from './metrics.js';
import { specCheck, type SpecVerdict } from './spec-check.js';
import { addMatrix, emptyMatrix, tokenRange, labelAwareTokenScores, labelBlindTokenScores, tokenOutcomes, type TokenMatrix, type TokenOutcomes } from './token-metrics.js';
import type { GoldCorpus, GoldDocument, IdentifierType, PredictedSpan, Predictions } from './types.js';

/** Version of the JSON layout (bumped on any incompatible change of field names). */
export const EVAL_SCHEMA = 'splice-eval/1';

/** Scores for everything, each level and each category. */
export interface GroupScores {
  overall: Scores;
  levels: Record<Significance, Scores>;
  categories: Record<SpecLabel, Scores>;
}

export interface LabelVariants {
  labelBlind: GroupScores;
  labelAware: GroupScores;
}

/** Recall-only figures (TAB masking decisions: no false positives are defined per type). */
export interface RecallScores {
  support: number;
  tp: number;
  fn: number;
  sensitivity: Rate;
  fnr: Rate;
}

export type IdentifierGroup = IdentifierType | 'MUST_MASK';

export interface Summary {
  documents: number;
  tokens: number;
  goldSpans: number;
  predictedSpans: number;
  /** Token level, label-blind, overall and per level. */
  token: { overall: Scores; levels: Record<Significance, Scores> };
  /** Entity level, partial match, label-blind, overall. */
  entity: Scores;
}

export interface EvalResult {
  schema: string;
  corpus: {
    format: string;
    documents: number;
    characters: number;
    tokens: number;
    goldSpans: number;
    unlabeledGoldSpans: number;
    predictedSpans: number;
    documentsWithoutPii: number;
  };
  token: LabelVariants;
  entity: Record<MatchKind, LabelVariants>;
  specification: { token: SpecVerdict[]; entity: SpecVerdict[] };
  confusion: { token: ConfusionTable; entity: ConfusionTable };
  identifierTypes: Record<IdentifierGroup, { token: RecallScores; entity: RecallScores }> | null;
  byDomain: Record<string, Summary>;
  byDocument: Array<Summary & { id: string; domain: string | null }>;
  errors: { misses: ErrorItem[]; falsePositives: ErrorItem[] };
}

export interface EvaluateOptions {
  /** How many worst misses and worst false positives to keep (default 50). */
  errorLimit?: number;
}

interface Tally {
  documents: number;
  tokens: number;
  goldSpans: number;
  predictedSpans: number;
  matrix: TokenMatrix;
  entities: EntityTally;
}

const IDENTIFIER_GROUPS: readonly IdentifierGroup[] = ['DIRECT', 'QUASI', 'NO_MASK', 'MUST_MASK'];

function emptyTally(): Tally {
  return { documents: 0, tokens: 0, goldSpans: 0, predictedSpans: 0, matrix: emptyMatrix(), entities: emptyEntityTally() };
}

function addTally(into: Tally, t: Tally): void {
  into.documents += t.documents;
  into.tokens += t.tokens;
  into.goldSpans += t.goldSpans;
  into.predictedSpans += t.predictedSpans;
  addMatrix(into.matrix, t.matrix);
  addEntityTally(into.entities, t.entities);
}

function groupScores(score: (g: ClassGroup) => Scores): GroupScores {
  return {
    overall: score(ALL_GROUP),
    levels: Object.fromEntries(LEVELS.map((l) => [l, score(levelGroup(l))])) as Record<Significance, Scores>,
    categories: Object.fromEntries(LABELS.map((l) => [l, score(categoryGroup(l))])) as Record<SpecLabel, Scores>,
  };
}

function summary(t: Tally): Summary {
  return {
    documents: t.documents,
    tokens: t.tokens,
    goldSpans: t.goldSpans,
    predictedSpans: t.predictedSpans,
    token: {
      overall: labelBlindTokenScores(t.matrix, ALL_GROUP),
      levels: Object.fromEntries(LEVELS.map((l) => [l, labelBlindTokenScores(t.matrix, levelGroup(l))])) as Record<Significance, Scores>,
    },
    entity: entityScores(t.entities, 'partial', false, ALL_GROUP),
  };
}

function recall(tp: number, support: number): RecallScores {
  return { support, tp, fn: support - tp, sensitivity: proportion(tp, support), fnr: proportion(support - tp, support) };
}

/** Token and entity recall of gold spans per TAB identifier type. */
class IdentifierTally {
  readonly tokens = new Map<IdentifierType, { support: number; tp: number }>();
  readonly entities = new Map<IdentifierType, { support: number; tp: number }>();
  seen = false;

  add(doc: GoldDocument, o: TokenOutcomes, pred: readonly PredictedSpan[]): void {
    for (const g of doc.spans) {
      if (!g.identifierType) continue;
      this.seen = true;
      const e = this.entities.get(g.identifierType) ?? { support: 0, tp: 0 };
      e.support++;
      if (pred.some((p) => p.start < g.end && p.end > g.start)) e.tp++;
      this.entities.set(g.identifierType, e);
      const t = this.tokens.get(g.identifierType) ?? { support: 0, tp: 0 };
      const [from, to] = tokenRange(o.tokens, g.start, g.end);
      for (let i = from; i < to; i++) {
        t.support++;
        if (o.pred[i] !== 0) t.tp++;
      }
      this.tokens.set(g.identifierType, t);
    }
  }

  result(): EvalResult['identifierTypes'] {
    if (!this.seen) return null;
    const get = (m: Map<IdentifierType, { support: number; tp: number }>, g: IdentifierGroup) => {
      const types: IdentifierType[] = g === 'MUST_MASK' ? ['DIRECT', 'QUASI'] : [g];
      let support = 0;
      let tp = 0;
      for (const ty of types) {
        support += m.get(ty)?.support ?? 0;
        tp += m.get(ty)?.tp ?? 0;
      }
      return recall(tp, support);
    };
    return Object.fromEntries(IDENTIFIER_GROUPS.map((g) => [g, { token: get(this.tokens, g), entity: get(this.entities, g) }])) as NonNullable<EvalResult['identifierTypes']>;
  }
}

function sortedPredictions(pred: readonly PredictedSpan[] | undefined, text: string, withExtensions: boolean): PredictedSpan[] {
  return (pred ?? [])
    .filter((p) => p.end > p.start && p.start >= 0 && p.end <= text.length && (withExtensions || !isExtensionLabel(p.label)))
    .sort((a, b) => a.start - b.start || a.end - b.end);
}

/**
 * Whether predictions of an extension label (DATE, QUANTITY) are scored. A corpus
 * annotated with the 14 categories only says nothing about dates or sums, so there
 * they are left out, neither hits nor false positives; a corpus with PII outside
 * the 14 (TAB's DATETIME, QUANTITY) scores them as unlabeled PII (class 15).
 */
function scoresExtensions(corpus: GoldCorpus): boolean {
  return corpus.documents.some((d) => d.spans.some((g) => g.label === null));
}

/** Scores predictions against a gold corpus. Documents without predictions count as predicted empty. */
export function evaluate(corpus: GoldCorpus, predictions: Predictions, options: EvaluateOptions = {}): EvalResult {
  const limit = options.errorLimit ?? 50;
  const total = emptyTally();
  const domains = new Map<string, Tally>();
  const perDocument: EvalResult['byDocument'] = [];
  const identifiers = new IdentifierTally();
  const misses: ErrorItem[] = [];
  const falsePositives: ErrorItem[] = [];
  let characters = 0;
  let unlabeled = 0;
  let withoutPii = 0;
  const withExtensions = scoresExtensions(corpus);

  for (const doc of corpus.documents) {
    const gold = [...doc.spans].sort((a, b) => a.start - b.start || a.end - b.end);
    const pred = sortedPredictions(predictions.get(doc.id), doc.text, withExtensions);
    const outcomes = tokenOutcomes(doc.text, gold, pred);
    const t: Tally = {
      documents: 1,
      tokens: outcomes.tokens.length,
      goldSpans: gold.length,
      predictedSpans: pred.length,
      matrix: outcomes.matrix,
      entities: entityTally(gold, pred),
    };
    addTally(total, t);
    const domain = doc.domain ?? '(none)';
    if (!domains.has(domain)) domains.set(domain, emptyTally());
    addTally(domains.get(domain)!, t);
    perDocument.push({ id: doc.id, domain: doc.domain ?? null, ...summary(t) });
    identifiers.add(doc, outcomes, pred);
    const errs = documentErrors(doc.id, outcomes, gold, pred);
    misses.push(...errs.misses);
    falsePositives.push(...errs.falsePositives);
    characters += doc.text.length;
    unlabeled += gold.filter((g) => g.label === null).length;
    if (!gold.length) withoutPii++;
  }

  const m = total.matrix;
  const e = total.entities;
  const token: LabelVariants = {
    labelBlind: groupScores((g) => labelBlindTokenScores(m, g)),
    labelAware: groupScores((g) => labelAwareTokenScores(m, g)),
  };
  const entity: Record<MatchKind, LabelVariants> = {
    exact: { labelBlind: groupScores((g) => entityScores(e, 'exact', false, g)), labelAware: groupScores((g) => entityScores(e, 'exact', true, g)) },
    partial: { labelBlind: groupScores((g) => entityScores(e, 'partial', false, g)), labelAware: groupScores((g) => entityScores(e, 'partial', true, g)) },
  };
  return {
    schema: EVAL_SCHEMA,
    corpus: {
      format: corpus.format,
      documents: total.documents,
      characters,
      tokens: total.tokens,
      goldSpans: total.goldSpans,
      unlabeledGoldSpans: unlabeled,
      predictedSpans: total.predictedSpans,
      documentsWithoutPii: withoutPii,
    },
    token,
    entity,
    specification: { token: specCheck(token.labelBlind.levels), entity: specCheck(entity.partial.labelBlind.levels) },
    confusion: { token: confusionTable(m, 'token'), entity: confusionTable(e.confusion, 'entity') },
    identifierTypes: identifiers.result(),
    byDomain: Object.fromEntries([...domains].sort(([a], [b]) => a.localeCompare(b)).map(([d, t]) => [d, summary(t)])),
    byDocument: perDocument,
    errors: { misses: worst(misses, limit), falsePositives: worst(falsePositives, limit) },
  };
}
