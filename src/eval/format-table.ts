import { LABELS, LEVELS, TAXONOMY } from '../taxonomy.js';
import type { EvalResult, Summary } from './evaluate.js';
import type { Rate, Scores } from './metrics.js';

/**
 * The terminal report. The specification table comes first (the first lines
 * are what a glance or a CI hook sees), then the breakdown chosen with --by,
 * then entity-level figures and the confusion matrix. Never prints corpus text.
 */
export type Breakdown = 'label' | 'level' | 'domain' | 'document';

const pct = (v: number | null, digits = 1) => (v === null ? '—' : `${(v * 100).toFixed(digits)}%`);
const num = (v: number | null) => (v === null ? '—' : Math.round(v).toLocaleString('en-US'));
const ci = (r: Rate) => (r.value === null ? '—' : `${pct(r.value)} [${(r.low! * 100).toFixed(1)}–${(r.high! * 100).toFixed(1)}]`);
const f3 = (r: Rate) => (r.value === null ? '—' : r.value.toFixed(3));

type Cell = string;
function table(header: Cell[], rows: Cell[][], alignLeft = 1): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const fmt = (r: Cell[]) => r.map((c, i) => (i < alignLeft ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd();
  return [fmt(header), ...rows.map(fmt)];
}

const SCORE_HEADER = ['gold', 'missed', 'FNR [95% CI]', 'false+', 'FPR', 'PPV', 'NPV', 'spec', 'F1', 'F2'];
function scoreCells(s: Scores): Cell[] {
  return [num(s.support), num(s.fn), ci(s.fnr), num(s.fp), pct(s.fpr.value, 2), f3(s.ppv), f3(s.npv), f3(s.specificity), f3(s.f1), f3(s.f2)];
}

function specLines(r: EvalResult): string[] {
  const rows = r.specification.token.map((v) => {
    const verdict = v.verdict === 'PASS' ? 'PASS' : v.conclusive ? 'FAIL' : 'FAIL (undecided)';
    const need = v.requiredSupport === null ? '—' : num(v.requiredSupport);
    return [v.level, `< ${pct(v.target, 0)}`, num(v.support), num(v.missed), ci(v.fnr), verdict, need];
  });
  const all = r.token.labelBlind.overall;
  rows.push(['ALL', '', num(all.support), num(all.fn), ci(all.fnr), `FPR ${pct(all.fpr.value, 2)} PPV ${f3(all.ppv)} F2 ${f3(all.f2)}`, '']);
  return table(['level', 'target', 'gold-tok', 'missed', 'FNR [95% CI]', 'verdict', 'gold-tok needed'], rows);
}

function levelLines(r: EvalResult): string[] {
  const g = r.token.labelBlind;
  return table(['level', ...SCORE_HEADER], [...LEVELS.map((l) => [l, ...scoreCells(g.levels[l])]), ['ALL', ...scoreCells(g.overall)]]);
}

function categoryLines(r: EvalResult): string[] {
  const blind = r.token.labelBlind.categories;
  const aware = r.token.labelAware.categories;
  const rows = LEVELS.flatMap((level) =>
    LABELS.filter((l) => TAXONOMY[l].significance === level).map((l) => [l, level, ...scoreCells(blind[l]), pct(aware[l].fnr.value), f3(aware[l].ppv), f3(aware[l].f1)]),
  );
  return table(['category', 'level', ...SCORE_HEADER, 'aware FNR', 'aware PPV', 'aware F1'], rows, 2);
}

function summaryLines(title: string, groups: Array<[string, Summary]>): string[] {
  const rows = groups.map(([name, s]) => [
    name,
    num(s.documents),
    num(s.tokens),
    num(s.token.overall.support),
    pct(s.token.levels.HIGH.fnr.value),
    pct(s.token.levels.MEDIUM.fnr.value),
    pct(s.token.levels.LOW.fnr.value),
    pct(s.token.overall.fpr.value, 2),
    f3(s.token.overall.ppv),
    f3(s.token.overall.f2),
  ]);
  return table([title, 'docs', 'tokens', 'gold-tok', 'FNR HIGH', 'FNR MED', 'FNR LOW', 'FPR', 'PPV', 'F2'], rows);
}

function entityLines(r: EvalResult): string[] {
  const rows: Cell[][] = [];
  for (const kind of ['exact', 'partial'] as const) {
    for (const variant of ['labelBlind', 'labelAware'] as const) {
      const s = r.entity[kind][variant].overall;
      rows.push([`${kind}, ${variant === 'labelBlind' ? 'label-blind' : 'label-aware'}`, num(s.support), num(s.tp), num(s.fn), num(s.fp), ci(s.sensitivity), f3(s.ppv), f3(s.f1), f3(s.f2)]);
    }
  }
  return table(['entity match', 'gold', 'found', 'missed', 'false+', 'recall [95% CI]', 'PPV', 'F1', 'F2'], rows);
}

const ABBREV: Record<string, string> = {
  PERSON_NAME: 'NAME', ADDRESS: 'ADDR', CONTACT: 'CONT', ID_NUMBER: 'ID', FINANCIAL: 'FIN', EMPLOYMENT_EDUCATION: 'EMPL',
  BIRTH: 'BIRTH', MEDICAL: 'MED', DEMOGRAPHIC: 'DEMO', LOCATION: 'LOC', ORGANIZATION: 'ORG', ACHIEVEMENT: 'ACHV',
  TRAIT: 'TRAIT', EVENT: 'EVENT', UNLABELED: 'UNLAB', missed: 'missed', spurious: 'spurious',
};

function confusionLines(r: EvalResult): string[] {
  const c = r.confusion.entity;
  const rows = c.rows.map((row, i) => [ABBREV[row] ?? row, ...c.cells[i].map((v) => (v === null ? '·' : v === 0 ? '.' : num(v)))]);
  return table(['gold \\ predicted', ...c.columns.map((col) => ABBREV[col] ?? col)], rows);
}

export function formatTable(r: EvalResult, by: Breakdown = 'label', title = 'splice eval'): string {
  const c = r.corpus;
  const out: string[] = [
    `${title}: ${num(c.documents)} documents, ${num(c.tokens)} tokens, ${num(c.goldSpans)} gold spans, ${num(c.predictedSpans)} predicted spans`,
    'SPECIFICATION: token level, label-blind; PASS when the upper 95% bound of the miss rate (FNR) is under the target',
    ...specLines(r),
    '',
  ];
  out.push('TOKEN LEVEL, LABEL-BLIND, BY LEVEL (false+ and FPR: non-PII tokens flagged with a label of the level)', ...levelLines(r), '');
  if (by === 'label') out.push('BY CATEGORY (token level; label-blind, then label-aware FNR/PPV/F1)', ...categoryLines(r), '');
  if (by === 'domain') out.push(...summaryLines('domain', Object.entries(r.byDomain)), '');
  if (by === 'document') out.push(...summaryLines('document', r.byDocument.map((d) => [d.id, d] as [string, Summary])), '');
  out.push('ENTITY LEVEL (overall)', ...entityLines(r), '');
  if (r.identifierTypes) {
    const rows = Object.entries(r.identifierTypes).map(([k, v]) => [k, num(v.token.support), ci(v.token.fnr), num(v.entity.support), ci(v.entity.fnr)]);
    out.push('MASKING DECISIONS (TAB identifier_type; recall only)', ...table(['identifier type', 'gold-tok', 'token FNR', 'gold spans', 'entity FNR (partial)'], rows), '');
  }
  out.push('CONFUSION (entity level: each gold span against the predicted span overlapping it most)', ...confusionLines(r));
  return `${out.join('\n')}\n`;
}
