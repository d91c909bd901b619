import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LABELS, TAXONOMY, TARGET_FNR } from '../../src/taxonomy.js';

const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');

test('the README taxonomy table matches the taxonomy in code', () => {
  for (const label of LABELS) {
    const row = readme.split('\n').find((l) => l.startsWith(`| \`${label}\` |`));
    assert.ok(row, `README has a row for ${label}`);
    const cells = row!.split('|').map((c) => c.trim());
    assert.equal(cells[2], TAXONOMY[label].significance, `${label} significance`);
    assert.equal(cells[3], `< ${Math.round(TARGET_FNR[TAXONOMY[label].significance] * 100)}%`, `${label} target`);
  }
});

test('the README quick start is two commands: install + example, and the tests', () => {
  const block = /## Quick start\s+```bash\n([\s\S]*?)```/.exec(readme);
  assert.ok(block);
  const commands = block![1].trim().split('\n').map((l) => l.replace(/#.*$/, '').trim());
  assert.equal(commands.length, 2);
  assert.match(commands[0], /^npm install && npm run example$/);
  assert.equal(commands[1], 'npm test');
  const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8'));
  assert.match(pkg.scripts.example, /examples\//);
});
