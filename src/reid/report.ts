import { chartJsSource } from '../report/chart-source.js';
import { escapeHtml as esc, jsonForScript, scriptSafe } from '../report/escape.js';
import { REPORT_CSS } from '../report/report-css.js';
import type { ExperimentResult, MethodResult } from './experiment.js';

/**
 * `splice kanon --report FILE`: one self-contained HTML file (Chart.js and the
 * figures inlined, no network) comparing the masking methods: re-identification
 * rate against the share of words masked (IDF thresholds as a curve, greedy
 * masking for each K), rate at K for every K, and per-member rates. Only
 * aggregate figures: the report quotes no document text.
 */
export interface ReidReportInfo {
  k: number;
  profilesPath: string;
  documentsPath: string;
  /** Share of words IDF must mask to bring the ensemble's rate@1 under 1% (undefined if it never does). */
  idfShareUnder1?: number;
}

const pct = (v: number, d = 1) => `${(v * 100).toFixed(d)}%`;

const CLIENT = String.raw`
(function () {
  var data = JSON.parse(document.getElementById('reid-data').textContent);
  Chart.defaults.animation = false;
  var colours = { original: '#555', lexical: '#8e44ad', ner: '#c0392b', idf: '#2471a3', kanon: '#1e8449', 'kanon+ner': '#d68910' };
  function pts(list, k) {
    return list.map(function (m) { return { x: m.maskedShare * 100, y: m.ensemble[k].rate * 100, label: m.label }; });
  }
  var k1 = data.ks.indexOf(1);
  if (k1 < 0) k1 = 0;
  var groups = {};
  data.methods.forEach(function (m) { (groups[m.method] = groups[m.method] || []).push(m); });
  var tradeoff = Object.keys(groups).map(function (g) {
    var list = groups[g].slice().sort(function (a, b) { return a.maskedShare - b.maskedShare; });
    return { label: list.length > 1 ? list[0].label.replace(/[,≥].*$/, '').trim() : list[0].label, data: pts(list, k1), borderColor: colours[g], backgroundColor: colours[g], showLine: list.length > 1, pointRadius: 4 };
  });
  new Chart(document.getElementById('tradeoff'), {
    type: 'scatter',
    data: { datasets: tradeoff },
    options: {
      scales: { x: { title: { display: true, text: 'words masked (%)' }, min: 0, max: 100 }, y: { title: { display: true, text: 'ensemble re-identification rate at K = ' + data.ks[k1] + ' (%)' }, min: 0, max: 100 } },
      plugins: { tooltip: { callbacks: { label: function (c) { return c.raw.label + ': ' + c.raw.x.toFixed(1) + '% masked, ' + c.raw.y.toFixed(1) + '% re-identified'; } } } }
    }
  });
  var curves = data.methods.filter(function (m) { return m.method !== 'idf' || m.showInCurves; }).map(function (m) {
    return { label: m.label, data: m.ensemble.map(function (r) { return { x: r.k, y: r.rate * 100 }; }), borderColor: colours[m.method], backgroundColor: colours[m.method], showLine: true, borderDash: m.method === 'idf' ? [4, 3] : [], pointRadius: 3 };
  });
  new Chart(document.getElementById('rate-at-k'), {
    type: 'scatter',
    data: { datasets: curves },
    options: { scales: { x: { type: 'logarithmic', title: { display: true, text: 'K' } }, y: { title: { display: true, text: 'ensemble rate at K (%)' }, min: 0, max: 100 } } }
  });
  var main = data.methods.filter(function (m) { return m.method !== 'idf' || m.showInCurves; });
  var palette = ['#2471a3', '#1e8449', '#d68910', '#8e44ad', '#c0392b'];
  new Chart(document.getElementById('members'), {
    type: 'bar',
    data: {
      labels: main.map(function (m) { return m.label; }),
      datasets: data.members.map(function (name, i) {
        return { label: name, data: main.map(function (m) { return m.members[i].atK[k1].rate * 100; }), backgroundColor: palette[i % palette.length] };
      })
    },
    options: { scales: { y: { title: { display: true, text: 'rate at K = ' + data.ks[k1] + ' (%)' }, min: 0, max: 100 } } }
  });
  document.body.setAttribute('data-charts', 'ready');
})();
`;

function methodRows(result: ExperimentResult): string {
  return result.methods
    .map(
      (m) =>
        `<tr class="${esc(m.method)}"><th>${esc(m.label)}</th><td>${pct(m.maskedShare)}</td><td>${pct(m.informationLost)}</td>${m.ensemble
          .map((r) => `<td>${pct(r.rate)}<small>${(r.low * 100).toFixed(1)}–${(r.high * 100).toFixed(1)}</small></td>`)
          .join('')}<td>${m.reached === undefined ? '' : `${m.reached}/${result.documents}`}</td></tr>`,
    )
    .join('\n');
}

function memberRows(result: ExperimentResult): string {
  const k1 = Math.max(0, result.ks.indexOf(1));
  return result.methods
    .filter((m) => m.method !== 'idf')
    .map((m) => `<tr><th>${esc(m.label)}</th>${m.members.map((x) => `<td>${pct(x.atK[k1].rate)}</td>`).join('')}<td>${pct(m.ensemble[k1].rate)}</td></tr>`)
    .join('\n');
}

function headline(result: ExperimentResult, info: ReidReportInfo): string {
  const k1 = result.ks.indexOf(1);
  if (k1 < 0) return '';
  const find = (method: string, parameter?: number) => result.methods.find((m) => m.method === method && (parameter === undefined || m.parameter === parameter));
  const lines: string[] = [];
  const original = find('original');
  if (original) lines.push(`As given, the ensemble re-identifies <b>${pct(original.ensemble[k1].rate)}</b> of the documents at rank 1.`);
  const ner: MethodResult | undefined = find('ner');
  if (ner) lines.push(`Splice's named-entity redaction masks ${pct(ner.maskedShare)} of the words and leaves <b>${pct(ner.ensemble[k1].rate)}</b> re-identified at rank 1 (${pct(ner.ensemble[result.ks.indexOf(info.k)]?.rate ?? NaN)} in the top ${info.k}).`);
  const g1 = find('kanon', 1);
  if (g1) lines.push(`Greedy masking to K = 1 masks <b>${pct(g1.maskedShare)}</b> of the words and leaves ${pct(g1.ensemble[k1].rate)} re-identified.`);
  if (info.idfShareUnder1 !== undefined) lines.push(`IDF masking needs <b>${pct(info.idfShareUnder1)}</b> of the words to bring the rate under 1%.`);
  else lines.push('No IDF threshold tried brought the rate under 1%.');
  const gk = find('kanon', info.k);
  if (gk && info.k !== 1) lines.push(`Greedy masking to K = ${info.k} masks ${pct(gk.maskedShare)} of the words; ${gk.reached}/${result.documents} documents left every member's top ${info.k}.`);
  return `<ul class="headline">${lines.map((l) => `<li>${l}</li>`).join('')}</ul>`;
}

export function renderReidReport(result: ExperimentResult, info: ReidReportInfo): string {
  // The IDF curve is long: only a few of its thresholds go into the rate-at-K chart.
  const idf = result.methods.filter((m) => m.method === 'idf');
  const shown = new Set([idf[Math.floor(idf.length / 4)], idf[Math.floor(idf.length / 2)], idf[Math.floor((3 * idf.length) / 4)]].filter(Boolean));
  const data = { ks: result.ks, members: result.members, methods: result.methods.map((m) => ({ ...m, showInCurves: shown.has(m) })) };
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Splice re-identification report</title>
<style>${REPORT_CSS}
.headline li { margin: .3rem 0; }
canvas { max-height: 420px; }
</style>
</head>
<body>
<header>
  <h1>Re-identification attacks and masking to K-anonymity</h1>
  <p>Profiles: <code>${esc(info.profilesPath)}</code> (${result.profiles.toLocaleString('en-US')}) · documents: <code>${esc(info.documentsPath)}</code> (${result.documents.toLocaleString('en-US')}) · ensemble of ${result.members.map(esc).join(', ')}: a document counts as re-identified at K when any member ranks its true profile in its top K (ties count against the attacker).</p>
  <p class="small">Aggregate figures only; the report quotes no document text. Words masked: share of the documents' words inside a mask. Information lost: 1 − compressed size (DEFLATE) of the texts with the masks removed / of the originals. Intervals: 95% Wilson.</p>
</header>
<main>
<section>
  <h2>Summary</h2>
  ${headline(result, info)}
</section>
<section>
  <h2>Re-identification against words masked</h2>
  <p class="small">Each point is one method on all documents. IDF masks every word at least as rare as a threshold (one point per threshold); greedy masks until the true profile leaves every member's top K (one point per K).</p>
  <div class="chart wide"><canvas id="tradeoff" role="img" aria-label="Re-identification rate against share of words masked"></canvas></div>
</section>
<section>
  <h2>Rate at K</h2>
  <div class="chart wide"><canvas id="rate-at-k" role="img" aria-label="Re-identification rate at each K"></canvas></div>
</section>
<section>
  <h2>All methods</h2>
  <table class="scores"><thead><tr><th>method</th><th>words masked</th><th>information lost</th>${result.ks.map((k) => `<th>rate@${k}</th>`).join('')}<th>reached</th></tr></thead>
  <tbody>
${methodRows(result)}
  </tbody></table>
</section>
<section>
  <h2>Per re-identifier (rate at K = 1)</h2>
  <div class="chart wide"><canvas id="members" role="img" aria-label="Re-identification rate per re-identifier"></canvas></div>
  <table class="scores"><thead><tr><th>method</th>${result.members.map((m) => `<th>${esc(m)}</th>`).join('')}<th>ensemble</th></tr></thead>
  <tbody>
${memberRows(result)}
  </tbody></table>
</section>
</main>
<script type="application/json" id="reid-data">${jsonForScript(data)}</script>
<script>${scriptSafe(chartJsSource())}</script>
<script>${scriptSafe(CLIENT)}</script>
</body>
</html>
`;
}
