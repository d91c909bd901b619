import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, relative, resolve } from 'node:path';

/** The README is the whole manual of a clone: it may not point at files the clone does not have. */
const root = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchors(markdown: string): Set<string> {
  const out = new Set<string>();
  for (const m of markdown.matchAll(/^#{1,6}[ \t]+(.+)$/gm)) {
    out.add(m[1].trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-'));
  }
  return out;
}

test('no README link or path leaves the repository', () => {
  const outside = [...readme.matchAll(/(?:\]\(|`|\s)(\.\.\/[^\s)`]*)/g)].map((m) => m[1]);
  assert.deepEqual(outside, [], 'paths above the repository root (a clone does not have them)');
});

test('every relative README link names a file of the repository or a heading of the README', () => {
  const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((l) => !/^[a-z][a-z0-9+.-]*:/i.test(l));
  assert.ok(links.length > 0, 'the README has relative links to check');
  const headings = anchors(readme);
  for (const link of links) {
    if (link.startsWith('#')) {
      assert.ok(headings.has(link.slice(1)), `anchor ${link} names no README heading`);
      continue;
    }
    const target = resolve(root, link.split('#')[0]);
    assert.ok(!relative(root, target).startsWith('..'), `${link} is outside the repository`);
    assert.ok(existsSync(target), `${link} does not exist in the repository`);
  }
});
