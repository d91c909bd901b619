import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { evaluate } from '../../src/eval/evaluate.js';
import { TOKENIZATION } from '../../src/eval/json-output.js';
import type { GoldCorpus, Predictions } from '../../src/eval/types.js';
import { renderReport } from '../../src/report/html.js';

/**
 * Renders the HTML report in headless Chromium (Debian's `chromium`, driven by
 * playwright-core) with every network request refused, and checks that the
 * verdict cards, both charts and the error examples are visible.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** In CI (CI=true, set by .ci/run) the browser is required: the test fails instead of skipping. */
const IN_CI = process.env.CI === 'true' || process.env.CI === '1';
const skip = existsSync(CHROMIUM) || IN_CI ? false : `Chromium not found at ${CHROMIUM} (apt-get install chromium, as .ci/run does); report rendering not checked`;

const NOTE = 'Patient Amara Okafor, 52, was seen by Dr. Lucas Brandt at Riverside Clinic for type 2 diabetes. Call 555-0142 <script>alert(1)</script>.';
const span = (start: number, text: string, label: string) => ({ start, end: start + text.length, label: label as never });
const at = (s: string) => NOTE.indexOf(s);
const corpus: GoldCorpus = {
  format: 'splice',
  documents: [
    {
      id: 'n1',
      domain: 'clinical',
      text: NOTE,
      spans: [
        span(at('Amara Okafor'), 'Amara Okafor', 'PERSON_NAME'),
        span(at('52'), '52', 'DEMOGRAPHIC'),
        span(at('Lucas Brandt'), 'Lucas Brandt', 'PERSON_NAME'),
        span(at('Riverside Clinic'), 'Riverside Clinic', 'MEDICAL'),
        span(at('type 2 diabetes'), 'type 2 diabetes', 'MEDICAL'),
        span(at('555-0142'), '555-0142', 'CONTACT'),
      ],
    },
    { id: 'empty', domain: 'misc', text: '', spans: [] },
  ],
};
const predictions: Predictions = new Map([
  ['n1', [span(at('Amara Okafor'), 'Amara Okafor', 'PERSON_NAME'), span(at('555-0142'), '555-0142', 'CONTACT'), span(at('Patient'), 'Patient', 'PERSON_NAME')]],
]);

test('the HTML report renders in headless Chromium: verdicts, charts, heat map, errors', { skip, timeout: 120_000 }, async () => {
  assert.ok(existsSync(CHROMIUM), `Chromium not found at ${CHROMIUM}: CI must render the report (.ci/run installs the Debian package chromium)`);
  const { chromium } = await import('playwright-core');
  const dir = mkdtempSync(join(tmpdir(), 'splice-report-'));
  const file = join(dir, 'report.html');
  const result = evaluate(corpus, predictions);
  writeFileSync(file, renderReport(result, corpus, { gold: 'fixture.jsonl', predictions: 'fixture', tokenization: TOKENIZATION, warnings: [] }));
  const context = await chromium.launchPersistentContext(join(dir, 'profile'), {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await context.newPage();
    const requests: string[] = [];
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith('file:')) return route.continue();
      requests.push(url);
      return route.abort();
    });
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('body[data-charts="ready"]', { timeout: 30_000 });
    assert.deepEqual(pageErrors, []);
    assert.deepEqual(requests, [], 'the report must not touch the network');

    // verdict cards, one per level, visible with PASS or FAIL
    const cards = page.locator('#verdicts .card');
    assert.equal(await cards.count(), 3);
    for (const level of ['HIGH', 'MEDIUM', 'LOW']) {
      const card = page.locator(`#verdicts .card[data-level="${level}"]`);
      assert.ok(await card.isVisible(), `${level} card visible`);
      assert.match(await card.locator('.verdict').innerText(), /^(PASS|FAIL)$/);
    }

    // both charts drawn: canvases visible, sized, and with painted pixels
    for (const id of ['fnr-by-category', 'fnr-by-level']) {
      const canvas = page.locator(`#${id}`);
      assert.ok(await canvas.isVisible(), `${id} visible`);
      const box = await canvas.boundingBox();
      assert.ok(box && box.width > 100 && box.height > 100, `${id} has a size`);
      const painted = await page.evaluate((cid) => {
        const c = document.getElementById(cid) as HTMLCanvasElement;
        const px = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let i = 3; i < px.length; i += 4) if (px[i] !== 0) n++;
        return n;
      }, id);
      assert.ok(painted > 1000, `${id} has drawn pixels (${painted})`);
    }
    const bars = await page.evaluate(() => (window as unknown as { spliceCharts: Array<{ data: { labels: string[] } }> }).spliceCharts.map((c) => c.data.labels.length));
    assert.deepEqual(bars, [14, 3]);

    // heat map, and the errors in context with highlighting; corpus text escaped, never executed
    assert.ok(await page.locator('table.heat').first().isVisible());
    const miss = page.locator('#misses mark.miss').first();
    assert.ok(await miss.isVisible());
    assert.ok(await page.locator('#false-positives mark.fp').first().isVisible());
    assert.equal(await page.locator('#misses mark.miss', { hasText: 'Lucas Brandt' }).count(), 1);
    assert.equal(await page.locator('main script').count(), 0, 'no script element injected from the corpus text');
    assert.match(await page.locator('.pii-warning').innerText(), /personal data/i);
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
