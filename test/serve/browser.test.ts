import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseGold } from '../../src/eval/loaders/index.js';
import type { RunningServer } from '../../src/serve/index.js';
import { call, startTestServer, TOKEN } from './helpers.js';

/**
 * The review app in headless Chromium (Debian's package, driven by
 * playwright-core), against `splice serve` on 127.0.0.1 with the real engine:
 * upload a document, correct its spans with the keyboard and by selecting text
 * with the mouse, mark it done, export, and check the exported files. Skipped
 * outside CI when Chromium is missing; in CI (CI=true) it must run.
 * With SPLICE_SCREENSHOTS=<dir> it saves the screenshots the README shows.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const IN_CI = process.env.CI === 'true' || process.env.CI === '1';
const skip = existsSync(CHROMIUM) || IN_CI ? false : `Chromium not found at ${CHROMIUM} (apt-get install chromium, as .ci/run does); the review app is not checked in a browser`;
const SHOTS = process.env.SPLICE_SCREENSHOTS;
const WAIT = { timeout: 60_000 };

const LETTER = [
  'Dear Mrs. Philippa Oyelaran-Brandt,',
  '',
  'your appointment at Greyfriars Clinic on 14 March is confirmed. Please bring card 4929 1234 5678 9012 and call 0131 496 0277 if you need to rearrange.',
  'The nurse noted a small anchor tattoo on your left wrist for the record.',
  'You mentioned that you play the bagpipes every Sunday at dawn.',
  '',
  'Kind regards,',
  'Dr. Anselm Okonkwo-Reid',
].join('\n');

let server: RunningServer;
let dir = '';

before(async () => {
  if (skip) return;
  dir = mkdtempSync(join(tmpdir(), 'splice-browser-'));
  server = await startTestServer({ dbPath: join(dir, 'review.sqlite') });
});
after(async () => {
  if (server) await server.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('review app: upload, correct spans by keyboard and selection, mark done, export and check the files', { skip, timeout: 300_000 }, async () => {
  assert.ok(existsSync(CHROMIUM), `Chromium not found at ${CHROMIUM}: CI must run the browser test (.ci/run installs the Debian package chromium)`);
  const { chromium } = await import('playwright-core');
  const base = server.url;
  const context = await chromium.launchPersistentContext(join(dir, 'profile'), {
    executablePath: CHROMIUM,
    headless: true,
    acceptDownloads: true,
    viewport: { width: 1500, height: 950 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const shot = async (name: string) => {
    if (!SHOTS) return;
    mkdirSync(SHOTS, { recursive: true });
    // let the status message fade first
    await page.waitForSelector('#status:not(.show)', { state: 'attached', ...WAIT });
    await page.screenshot({ path: join(SHOTS, name) });
  };
  const page = context.pages()[0] ?? (await context.newPage());
  try {
    const errors: string[] = [];
    const outside: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route('**/*', (route) => {
      if (route.request().url().startsWith(base) || route.request().url().startsWith('blob:')) return route.continue();
      outside.push(route.request().url());
      return route.abort();
    });

    // sign in and create a project
    await page.goto(`${base}/`);
    await page.fill('#token', TOKEN);
    await page.fill('#reviewer', 'alice');
    await page.click('#save-session');
    await page.waitForSelector('#new-project-name', WAIT);
    await page.fill('#new-project-name', 'Ward letters');
    await page.click('#create-project');
    await page.waitForSelector('#upload-input', WAIT);

    // upload a .txt document; Splice suggests its spans
    await page.setInputFiles('#upload-input', { name: 'letter-0412.txt', mimeType: 'text/plain', buffer: Buffer.from(LETTER) });
    await page.click('#upload-button');
    await page.waitForSelector('#documents .doc-link', WAIT);
    assert.equal(await page.locator('#documents .doc-link').innerText(), 'letter-0412.txt');
    await page.click('#documents .doc-link');
    await page.waitForSelector('#text .seg.mark', WAIT);

    const mark = (text: string) => page.locator('#text .seg.mark', { hasText: text }).first();
    const item = (text: string) => page.locator('#span-list li', { hasText: text });
    assert.ok(await mark('Philippa').isVisible(), 'the name is highlighted');
    assert.match((await mark('Philippa').getAttribute('class')) ?? '', /sig-HIGH/);
    assert.match((await mark('Philippa').getAttribute('class')) ?? '', /ident-alone/);
    await shot('serve-document.png');

    // accept the name with the keyboard
    await mark('Philippa').click();
    await page.waitForSelector('#span-text:text-is("Philippa Oyelaran-Brandt")', WAIT);
    await page.keyboard.press('a');
    await page.waitForSelector('#span-list li.accepted:has-text("Philippa Oyelaran-Brandt")', WAIT);

    // reject the phone number
    await mark('0131 496').click();
    await page.waitForSelector('#span-text:text-is("0131 496 0277")', WAIT);
    await page.keyboard.press('x');
    await page.waitForSelector('#span-list li.rejected:has-text("0131 496 0277")', WAIT);

    // relabel the card number from the keyboard: l, choose, Enter
    await mark('4929').click();
    await page.waitForSelector('#span-text:text-is("4929 1234 5678 9012")', WAIT);
    await page.keyboard.press('l');
    await page.selectOption('#label-select', 'ID_NUMBER');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#span-list li:has-text("4929 1234 5678 9012"):has-text("ID_NUMBER")', WAIT);

    // resize it: select "1234 5678 9012" with the mouse and press s, then move the start right with ] five times
    const dragOver = async (phrase: string) => {
      // (no functions declared inside: tsx would wrap them in a helper the page does not have)
      const box = await page.evaluate((p) => {
        const root = document.getElementById('text')!;
        const at = root.textContent!.indexOf(p);
        const range = document.createRange();
        for (const s of root.querySelectorAll<HTMLElement>('.seg')) {
          const start = Number(s.dataset.start);
          const end = start + s.textContent!.length;
          if (at >= start && at < end) range.setStart(s.firstChild!, at - start);
          if (at + p.length > start && at + p.length <= end) range.setEnd(s.firstChild!, at + p.length - start);
        }
        const rects = range.getClientRects();
        const first = rects[0];
        const last = rects[rects.length - 1];
        return { x1: first.left + 1, y1: first.top + first.height / 2, x2: last.right - 1, y2: last.top + last.height / 2 };
      }, phrase);
      await page.mouse.move(box.x1, box.y1);
      await page.mouse.down();
      await page.mouse.move((box.x1 + box.x2) / 2, box.y2, { steps: 5 });
      await page.mouse.move(box.x2, box.y2, { steps: 5 });
      await page.mouse.up();
    };
    await dragOver('1234 5678 9012');
    await page.keyboard.press('s');
    await page.waitForSelector('#span-text:text-is("1234 5678 9012")', WAIT);
    for (let i = 1; i <= 5; i++) {
      await page.keyboard.press(']');
      await page.waitForSelector(`#span-text:text-is(${JSON.stringify('1234 5678 9012'.slice(i))})`, WAIT);
    }
    await page.keyboard.press('Shift+ArrowLeft');
    await page.waitForSelector('#span-text:text-is("5678 901")', WAIT);
    await page.keyboard.press('Shift+ArrowRight');
    await page.waitForSelector('#span-text:text-is("5678 9012")', WAIT);

    // add a distinctive habit as a TRAIT: select it with the mouse, choose TRAIT, press n
    // (should the engine ever suggest it, that suggestion is rejected first, so the added span is the reviewer's)
    const habit = 'play the bagpipes every Sunday at dawn';
    if ((await mark('bagpipes').count()) > 0) {
      await mark('bagpipes').click();
      await page.keyboard.press('x');
      await page.waitForSelector('#span-list li.rejected:has-text("bagpipes")', WAIT);
    }
    await page.selectOption('#new-label', 'TRAIT');
    await page.locator('#text').focus();
    await dragOver(habit);
    await page.keyboard.press('n');
    await page.waitForSelector(`#span-list li.accepted:has-text(${JSON.stringify(habit)}):has-text("TRAIT")`, WAIT);
    assert.match((await page.locator('#text .seg.mark.selected').first().getAttribute('class')) ?? '', /sig-LOW/);
    assert.equal(await page.locator('#span-text').innerText(), habit);

    // accept what is left, mark done
    await page.keyboard.press('Shift+A');
    await page.waitForSelector('#counts:text-matches("^0 pending")', WAIT);
    await page.keyboard.press('d');
    await page.waitForSelector('#mark-done:text-is("Done ✓")', WAIT);
    await mark('5678 9012').click();
    await page.waitForSelector('#span-text:text-is("5678 9012")', WAIT);
    await shot('serve-document-reviewed.png');

    // the keyboard help opens and closes
    await page.keyboard.press('?');
    await page.waitForSelector('#help:not([hidden])', WAIT);
    await page.keyboard.press('Escape');
    await page.waitForSelector('#help[hidden]', { state: 'attached', ...WAIT });

    // back to the project: progress, then the exports
    await page.click('#doc-toolbar a');
    await page.waitForSelector('#progress tr[data-reviewer="alice"]', WAIT);
    assert.match(await page.locator('#progress tr[data-reviewer="alice"]').innerText(), /1 \/ 1 done/);
    await shot('serve-project.png');

    const exported = async (format: string) => {
      await page.selectOption('#export-format', format);
      const [download] = await Promise.all([page.waitForEvent('download', WAIT), page.click('#export-button')]);
      const path = join(dir, download.suggestedFilename());
      await download.saveAs(path);
      return { name: download.suggestedFilename(), content: readFileSync(path, 'utf8') };
    };
    const jsonl = await exported('jsonl');
    assert.equal(jsonl.name, 'Ward-letters-alice.jsonl');
    const corpus = parseGold(jsonl.name, jsonl.content, 'splice');
    assert.equal(corpus.documents.length, 1);
    assert.equal(corpus.documents[0].id, 'letter-0412.txt');
    assert.equal(corpus.documents[0].text, LETTER);
    const spans = corpus.documents[0].spans.map((s) => `${LETTER.slice(s.start, s.end)}=${s.label}`);
    assert.ok(spans.includes('Philippa Oyelaran-Brandt=PERSON_NAME'), spans.join(' | '));
    assert.ok(spans.includes('5678 9012=ID_NUMBER'), spans.join(' | '));
    assert.ok(spans.includes(`${habit}=TRAIT`), spans.join(' | '));
    assert.ok(!spans.some((s) => s.startsWith('0131 496 0277')), 'the rejected span is not exported');

    const ls = await exported('labelstudio');
    const tasks = JSON.parse(ls.content);
    assert.equal(tasks[0].data.text, LETTER);
    assert.ok(tasks[0].annotations[0].result.some((r: { value: { text: string; labels: string[] } }) => r.value.text === habit && r.value.labels[0] === 'TRAIT'));

    const tab = await exported('tab');
    const tabCorpus = parseGold(tab.name, tab.content, 'tab', { annotator: 'alice' });
    assert.equal(tabCorpus.documents[0].spans.length, corpus.documents[0].spans.length);

    const redacted = await exported('redacted');
    const line = JSON.parse(redacted.content.trim());
    assert.ok(!line.text.includes('Oyelaran') && !line.text.includes('bagpipes') && !line.text.includes('5678 9012'));
    assert.ok(line.text.includes('0131 496 0277'), 'the rejected span stays in clear');

    // a second reviewer (through the API) disagrees on one span: the agreement view shows it
    const projectId = /#\/p\/([0-9a-f-]{36})/.exec(page.url())![1];
    const docId = (await call(base, 'GET', `/api/projects/${projectId}`)).body.documents[0].id;
    const bob = await call(base, 'POST', `/api/documents/${docId}/reviews/bob`);
    const card = bob.body.spans.find((s: { start: number; end: number }) => LETTER.slice(s.start, s.end) === '4929 1234 5678 9012');
    await call(base, 'PATCH', `/api/documents/${docId}/reviews/bob/spans/${card.id}`, { body: { status: 'rejected' } });
    await call(base, 'POST', `/api/documents/${docId}/reviews/bob/accept-all`);
    await call(base, 'PUT', `/api/documents/${docId}/reviews/bob/status`, { body: { status: 'done' } });
    await page.reload();
    await page.waitForSelector('#agree-button:not([disabled])', WAIT);
    await page.selectOption('#agree-a', 'alice');
    await page.selectOption('#agree-b', 'bob');
    await page.click('#agree-button');
    await page.waitForSelector('#kappa-strict', WAIT);
    assert.match(await page.locator('#kappa-strict').innerText(), /^-?\d\.\d{3}$/);
    assert.ok((await page.locator('#disagreements tr.disagreement').count()) >= 3, 'the habit, the phone and the card differ');
    assert.equal(await page.locator('#disagreements tr.disagreement[data-kind="only-a"] mark', { hasText: habit }).count(), 1);
    await page.locator('#agreement').scrollIntoViewIfNeeded();
    await shot('serve-agreement.png');

    assert.deepEqual(errors, [], 'no script errors');
    assert.deepEqual(outside, [], 'the app loads nothing from outside the server');
  } finally {
    await context.close();
  }
});
