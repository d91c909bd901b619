import { LABELS, LEVELS, TAXONOMY, TARGET_FNR, type SpecLabel } from '../taxonomy.js';
import type { ConfusionTable } from '../eval/confusion.js';
import type { ErrorItem } from '../eval/errors.js';
import type { EvalResult } from '../eval/evaluate.js';
import type { RunInfo } from '../eval/json-output.js';
import type { Rate, Scores } from '../eval/metrics.js';
import type { SpecVerdict } from '../eval/spec-check.js';
import type { GoldCorpus } from '../eval/types.js';
import { chartJsSource } from './chart-source.js';
import { CLIENT_SCRIPT } from './client-script.js';
import { escapeHtml as esc, jsonForScript, scriptSafe } from './escape.js';
import { REPORT_CSS } from './report-css.js';

/**
 * `splice eval --report FILE`: one self-contained HTML file (Chart.js and all
 * data inlined, a Content-Security-Policy that forbids any network access).
 * It shows the corpus's text around errors, so it carries PII and says so.
 */
export interface ReportOptions {
  /** Characters of context shown either side of an error (default 80). */
  contextChars?: number;
  /** How many misses and false positives to show (default: all kept by evaluate). */
  errorLimit?: number;
}

const pct = (v: number | null, d = 1) => (v === null ? '—' : `${(v * 100).toFixed(d)}%`);
const num = (v: number | null) => (v === null ? '—' : Math.round(v).toLocaleString('en-US'));
const rateCell = (r: Rate, asPct = true) =>
  r.value === null
    ? '<td class="na">—</td>'
    : `<td>${asPct ? pct(r.value) : r.value.toFixed(3)}<small>${asPct ? `${(r.low! * 100).toFixed(1)}–${(r.high! * 100).toFixed(1)}` : `${r.low!.toFixed(3)}–${r.high!.toFixed(3)}`}</small></td>`;

function verdictCard(v: SpecVerdict, entity: SpecVerdict | undefined): string {
  const cls = v.verdict === 'PASS' ? 'pass' : 'fail';
  const decided = v.verdict === 'PASS' ? 'the whole interval is under the target' : v.conclusive ? 'even the lower bound reaches the target' : 'undecided: the interval straddles the target';
  const need =
    v.requiredSupport === null
      ? 'no sample size can decide at the observed rate'
      : v.support >= v.requiredSupport
        ? `sample large enough (${num(v.support)} ≥ ${num(v.requiredSupport)} gold tokens needed)`
        : `needs ${num(v.requiredSupport)} gold tokens to decide (has ${num(v.support)})`;
  return `<div class="card ${cls}" data-level="${v.level}">
  <h3>${v.level}</h3>
  <p class="verdict">${v.verdict}</p>
  <p>miss rate <b>${pct(v.fnr.value)}</b> <span class="ci">95% CI ${pct(v.fnr.low)}–${pct(v.fnr.high)}</span></p>
  <p>target &lt; ${pct(v.target, 0)} · ${num(v.missed)} of ${num(v.support)} gold tokens missed</p>
  <p class="small">${esc(decided)}; ${esc(need)}</p>
  ${entity ? `<p class="small">entity level (partial match): ${entity.verdict}, FNR ${pct(entity.fnr.value)} [${pct(entity.fnr.low)}–${pct(entity.fnr.high)}] of ${num(entity.support)} spans</p>` : ''}
</div>`;
}

function scoresTable(caption: string, rows: Array<[string, string, Scores]>, withTn = true): string {
  const head = ['', 'level', 'gold', 'TP', 'FN', 'FP', ...(withTn ? ['TN'] : []), 'sensitivity', ...(withTn ? ['specificity'] : []), 'FNR', ...(withTn ? ['FPR'] : []), 'PPV', ...(withTn ? ['NPV'] : []), 'F1', 'F2'];
  const body = rows
    .map(([name, level, s]) => {
      const cells = [
        `<th>${esc(name)}</th>`,
        `<td class="lvl">${esc(level)}</td>`,
        `<td>${num(s.support)}</td>`,
        `<td>${num(s.tp)}</td>`,
        `<td>${num(s.fn)}</td>`,
        `<td>${num(s.fp)}</td>`,
        ...(withTn ? [`<td>${num(s.tn)}</td>`] : []),
        rateCell(s.sensitivity),
        ...(withTn ? [rateCell(s.specificity)] : []),
        rateCell(s.fnr),
        ...(withTn ? [rateCell(s.fpr)] : []),
        rateCell(s.ppv),
        ...(withTn ? [rateCell(s.npv)] : []),
        rateCell(s.f1, false),
        rateCell(s.f2, false),
      ];
      return `<tr>${cells.join('')}</tr>`;
    })
    .join('\n');
  return `<table class="scores"><caption>${esc(caption)}</caption><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${body}</tbody></table>`;
}

function groupRows(g: EvalResult['token']['labelBlind']): Array<[string, string, Scores]> {
  return [
    ...LEVELS.map((l) => [l, l, g.levels[l]] as [string, string, Scores]),
    ['ALL', '', g.overall],
    ...LEVELS.flatMap((level) => LABELS.filter((l) => TAXONOMY[l].significance === level).map((l) => [l, level, g.categories[l]] as [string, string, Scores])),
  ];
}

function heatMap(c: ConfusionTable): string {
  const rowTotals = c.cells.map((r) => r.reduce<number>((a, v) => a + (v ?? 0), 0));
  const head = `<tr><th class="corner">gold ↓ / predicted →</th>${c.columns.map((col) => `<th class="rot"><span>${esc(col)}</span></th>`).join('')}</tr>`;
  const body = c.rows
    .map((row, i) => {
      const cells = c.cells[i].map((v, j) => {
        if (v === null) return '<td class="na">·</td>';
        const share = rowTotals[i] ? v / rowTotals[i] : 0;
        const diagonal = row === c.columns[j];
        const alpha = v === 0 ? 0 : 0.12 + 0.88 * share;
        const colour = diagonal ? `rgba(46,125,50,${alpha.toFixed(3)})` : `rgba(198,40,40,${alpha.toFixed(3)})`;
        return `<td style="background:${colour}" class="${share > 0.55 ? 'dark' : ''}" title="${esc(`${row} → ${c.columns[j]}: ${v}`)}">${v === 0 ? '' : num(v)}</td>`;
      });
      return `<tr><th>${esc(row)}</th>${cells.join('')}</tr>`;
    })
    .join('\n');
  return `<table class="heat" data-unit="${c.unit}">${head}${body}</table>`;
}

function errorList(kind: 'miss' | 'fp', items: ErrorItem[], texts: Map<string, string>, context: number): string {
  if (!items.length) return '<p class="none">None.</p>';
  const li = items.map((e) => {
    const text = texts.get(e.docId) ?? '';
    const from = Math.max(0, e.start - context);
    const to = Math.min(text.length, e.end + context);
    const before = (from > 0 ? '…' : '') + text.slice(from, e.start);
    const after = text.slice(e.end, to) + (to < text.length ? '…' : '');
    const label = e.label ?? 'UNLABELED';
    const what =
      kind === 'miss'
        ? e.errorTokens === e.tokens
          ? 'missed entirely'
          : `${e.errorTokens} of ${e.tokens} tokens missed${e.otherLabel !== undefined ? ` (rest found as ${e.otherLabel ?? 'UNLABELED'})` : ''}`
        : e.errorTokens === e.tokens
          ? 'no gold PII here'
          : `${e.errorTokens} of ${e.tokens} tokens outside gold`;
    return `<li><div class="meta"><span class="badge">${esc(label)}</span> <span class="doc">${esc(e.docId)}</span> · ${esc(what)}${e.score !== undefined ? ` · score ${e.score.toFixed(2)}` : ''}</div><div class="ctx">${esc(before)}<mark class="${kind}">${esc(text.slice(e.start, e.end))}</mark>${esc(after)}</div></li>`;
  });
  return `<ol class="errors ${kind}">${li.join('\n')}</ol>`;
}

function domainTable(r: EvalResult): string {
  const rows = Object.entries(r.byDomain)
    .map(
      ([d, s]) =>
        `<tr><th>${esc(d)}</th><td>${num(s.documents)}</td><td>${num(s.tokens)}</td><td>${num(s.token.overall.support)}</td>${LEVELS.map((l) => rateCell(s.token.levels[l].fnr)).join('')}${rateCell(s.token.overall.fpr)}${rateCell(s.token.overall.ppv, false)}${rateCell(s.token.overall.f2, false)}</tr>`,
    )
    .join('\n');
  return `<table class="scores"><caption>By domain (token level, label-blind)</caption><thead><tr><th>domain</th><th>docs</th><th>tokens</th><th>gold</th><th>FNR HIGH</th><th>FNR MEDIUM</th><th>FNR LOW</th><th>FPR</th><th>PPV</th><th>F2</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function chartRows(r: EvalResult) {
  const row = (name: string, s: Scores, target: number) => ({ name, fnr: s.fnr.value, low: s.fnr.low, high: s.fnr.high, target, support: s.support });
  const g = r.token.labelBlind;
  return {
    categories: LABELS.map((l: SpecLabel) => row(l, g.categories[l], TAXONOMY[l].targetFnr)),
    levels: LEVELS.map((l) => row(l, g.levels[l], TARGET_FNR[l])),
  };
}

export function renderReport(result: EvalResult, corpus: GoldCorpus, run: RunInfo, options: ReportOptions = {}): string {
  const context = options.contextChars ?? 80;
  const limit = options.errorLimit ?? Infinity;
  const texts = new Map(corpus.documents.map((d) => [d.id, d.text]));
  const c = result.corpus;
  const entitySpec = new Map(result.specification.entity.map((v) => [v.level, v]));
  const entityRows = (['exact', 'partial'] as const).flatMap((kind) =>
    (['labelBlind', 'labelAware'] as const).map((v) => [`${kind}, ${v === 'labelBlind' ? 'label-blind' : 'label-aware'}`, '', result.entity[kind][v].overall] as [string, string, Scores]),
  );
  const identifier = result.identifierTypes
    ? `<section><h2>Masking decisions (TAB identifier types)</h2><table class="scores"><thead><tr><th>type</th><th>gold tokens</th><th>token FNR</th><th>gold spans</th><th>entity FNR (partial)</th></tr></thead><tbody>${Object.entries(result.identifierTypes)
        .map(([k, v]) => `<tr><th>${esc(k)}</th><td>${num(v.token.support)}</td>${rateCell(v.token.fnr)}<td>${num(v.entity.support)}</td>${rateCell(v.entity.fnr)}</tr>`)
        .join('')}</tbody></table></section>`
    : '';
  const warnings = run.warnings.length ? `<ul class="warnings">${run.warnings.map((w) => `<li>${esc(w)}</li>`).join('')}</ul>` : '';

  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Splice evaluation — ${esc(run.gold)}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
<header>
  <h1>Splice evaluation report</h1>
  <p class="pii-warning" role="alert"><b>Contains personal data.</b> The examples below quote the evaluated corpus around each error. This report is for the data steward: store and share it like the corpus itself.</p>
  <p>Gold: <code>${esc(run.gold)}</code> (${esc(c.format)}) · predictions: <code>${esc(run.predictions)}</code>${run.profile ? ` (profile ${esc(run.profile)})` : ''} · ${num(c.documents)} documents (${num(c.documentsWithoutPii)} without PII), ${num(c.tokens)} tokens, ${num(c.goldSpans)} gold spans${c.unlabeledGoldSpans ? ` (${num(c.unlabeledGoldSpans)} without a Splice category)` : ''}, ${num(c.predictedSpans)} predicted spans.</p>
  <p class="small">Tokenisation: ${esc(run.tokenization)}. All intervals are 95% Wilson intervals.</p>
  ${warnings}
</header>
<main>
<section id="verdicts">
  <h2>Specification</h2>
  <p class="small">Token level, label-blind (was every piece of PII removed?). A level passes when the upper bound of the 95% interval of its miss rate is under the target.</p>
  <div class="cards">${result.specification.token.map((v) => verdictCard(v, entitySpec.get(v.level))).join('\n')}</div>
</section>
<section id="charts">
  <h2>Miss rate per category</h2>
  <p class="small">Bars: FNR (token level, label-blind); whiskers: 95% Wilson interval; dashed blue mark: the level's target. Green: the upper bound is under the target.</p>
  <div class="chart wide"><canvas id="fnr-by-category" role="img" aria-label="Miss rate per category with 95% intervals"></canvas></div>
  <div class="chart narrow"><canvas id="fnr-by-level" role="img" aria-label="Miss rate per level with 95% intervals"></canvas></div>
</section>
<section id="tables">
  <h2>Token level</h2>
  ${scoresTable('Label-blind: a token counts as found when any predicted span covers it. False positives are attributed to the predicted label’s category and level.', groupRows(result.token.labelBlind))}
  ${scoresTable('Label-aware: found only with the gold label; a wrong label is an FN of the gold label and an FP of the predicted one.', groupRows(result.token.labelAware))}
  <h2>Entity level</h2>
  ${scoresTable('Overall: exact = same offsets, partial = any overlap. No true negatives exist at entity level.', entityRows, false)}
  ${scoresTable('Partial match, label-blind, per level and category', groupRows(result.entity.partial.labelBlind), false)}
  ${domainTable(result)}
</section>
${identifier}
<section id="confusion">
  <h2>Confusion matrix</h2>
  <p class="small">Rows: gold label ("spurious": predicted where there is no PII). Columns: predicted label ("missed": nothing predicted). Colour: share of the row; green on the diagonal, red elsewhere.</p>
  <h3>Entity level (each gold span against the predicted span overlapping it most)</h3>
  ${heatMap(result.confusion.entity)}
  <h3>Token level</h3>
  ${heatMap(result.confusion.token)}
</section>
<section id="misses">
  <h2>Worst misses</h2>
  <p class="small">Most significant level first, then spans missed entirely, then the most missed tokens.</p>
  ${errorList('miss', result.errors.misses.slice(0, limit), texts, context)}
</section>
<section id="false-positives">
  <h2>Worst false positives</h2>
  <p class="small">Predicted spans over tokens that are not PII: most significant predicted level first.</p>
  ${errorList('fp', result.errors.falsePositives.slice(0, limit), texts, context)}
</section>
</main>
<script type="application/json" id="report-data">${jsonForScript(chartRows(result))}</script>
<script>${scriptSafe(chartJsSource())}</script>
<script>${scriptSafe(CLIENT_SCRIPT)}</script>
</body>
</html>
`;
}
