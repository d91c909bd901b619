import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lineEndAfter, lineStartBefore } from '../../src/detect/lines.js';
import { Analyzer } from '../../src/detect/analyzer.js';

test('line boundaries are found within the bound, and the bound is respected', () => {
  const text = 'Dear Ann,\nBest regards,\nTom Hale\n';
  const tom = text.indexOf('Tom');
  assert.equal(lineStartBefore(text, tom), tom);
  assert.equal(lineEndAfter(text, tom), text.indexOf('\n', tom));
  assert.equal(lineStartBefore(text, text.indexOf('regards')), text.indexOf('Best'));
  assert.equal(lineStartBefore(text, 4), 0);
  const long = 'x'.repeat(5000);
  assert.equal(lineStartBefore(long, 4000, 400), 3600);
  assert.equal(lineEndAfter(long, 100, 400), 500);
  assert.equal(lineEndAfter(long, 4900, 400), 5000);
});

test('line boundaries equal the substring searches they replace, at every position and bound', () => {
  const text = 'Ward 3\nDr Lena Ortiz, cardiology\n\nnotes: stable\nseen by R. Okoye';
  const startRef = (pos: number, back: number) => {
    const from = Math.max(0, pos - back);
    const nl = text.slice(from, pos).lastIndexOf('\n');
    return nl >= 0 ? from + nl + 1 : from;
  };
  const endRef = (pos: number, ahead: number) => {
    const to = Math.min(text.length, pos + ahead);
    const nl = text.slice(pos, to).indexOf('\n');
    return nl >= 0 ? pos + nl : to;
  };
  for (let pos = -3; pos <= text.length + 3; pos++) {
    for (const bound of [0, 1, 5, 12, 400]) {
      assert.equal(lineStartBefore(text, pos, bound), startRef(pos, bound), `start ${pos} ${bound}`);
      assert.equal(lineEndAfter(text, pos, bound), endRef(pos, bound), `end ${pos} ${bound}`);
    }
  }
});

// A single 1 MB line of job titles once took 24 s in the employer recognizer
// (a line-start search from every match); bounded searches keep it linear.
test('a megabyte without line breaks goes through the whole engine', { timeout: 60_000 }, () => {
  const analyzer = new Analyzer({ profile: 'balanced' });
  for (const unit of ['Senior Nurse — ', 'Best,   Anna   ', 'ACME HOLDINGS INC ']) {
    const text = unit.repeat(Math.ceil((1024 * 1024) / unit.length));
    const spans = analyzer.analyzeSync(text);
    for (const s of spans) assert.equal(text.slice(s.start, s.end), s.text);
  }
});
