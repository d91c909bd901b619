import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Script } from 'node:vm';
import { APP_CSS } from '../../src/serve/app/app-css.js';
import { APP_JS } from '../../src/serve/app/app-js.js';
import { INDEX_HTML } from '../../src/serve/app/index-html.js';
import { ALL_LABELS } from '../../src/taxonomy.js';

/** The review app's static files: valid script, no inline code (the CSP forbids it), text never written as HTML. */
test('app.js parses as a browser script', () => {
  assert.doesNotThrow(() => new Script(APP_JS, { filename: 'app.js' }));
});

test('the page loads its script and style from the server only, with no inline script or handler', () => {
  assert.match(INDEX_HTML, /<script src="\/app\.js" defer><\/script>/);
  assert.match(INDEX_HTML, /<link rel="stylesheet" href="\/app\.css">/);
  assert.equal(INDEX_HTML.match(/<script/g)?.length, 1, 'one script element, and it has a src');
  assert.doesNotMatch(INDEX_HTML, /\son[a-z]+=/i, 'no inline event handlers');
  assert.doesNotMatch(INDEX_HTML, /https?:\/\//, 'nothing loaded from elsewhere');
});

test('document text is never written as HTML by the script', () => {
  assert.doesNotMatch(APP_JS, /innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
});

test('every category has a colour in the style sheet', () => {
  for (const label of ALL_LABELS) assert.match(APP_CSS, new RegExp(`--${label}: #[0-9a-f]{6};`), label);
});
