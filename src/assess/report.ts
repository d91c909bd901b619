import { formatCount } from './number-format.js';
import type { DocumentAssessment } from './index.js';

/**
 * Human-readable and JSON renderings of an assessment (used by `splice assess`).
 * The table quotes the elements' text: it is the user's own report on the
 * user's own document, printed to stdout, never logged.
 */
const fmt = (n: number) => (n < 1 ? '<1' : formatCount(n));

function clip(s: string, width: number): string {
  const one = s.replace(/\s+/g, ' ');
  return one.length <= width ? one.padEnd(width) : `${one.slice(0, width - 1)}…`;
}

export function formatAssessmentTable(text: string, a: DocumentAssessment): string {
  const lines: string[] = [];
  lines.push(`Pool size ${fmt(a.poolSize)}; elements judged among ${a.reference.basis}.`);
  if (a.elements.length === 0) {
    lines.push('No PII element detected.');
    return `${lines.join('\n')}\n`;
  }
  lines.push('');
  lines.push(
    `${'#'.padStart(3)}  ${'label'.padEnd(20)} ${'kind'.padEnd(15)} ${'people'.padStart(13)}  ${'identifying'.padEnd(11)} ${'combined'.padEnd(8)} ${'redacted'.padEnd(8)} ${'text'.padEnd(28)} basis; why redacted`,
  );
  for (const e of a.elements) {
    const value = text.slice(e.start, e.end);
    const yes = (b: boolean) => (b ? 'yes' : 'no');
    lines.push(
      `${String(e.index + 1).padStart(3)}  ${e.label.padEnd(20)} ${e.kind.padEnd(15)} ${fmt(e.population).padStart(13)}  ${yes(e.identifying).padEnd(11)} ${yes(e.identifyingInCombination).padEnd(8)} ${yes(e.redact).padEnd(8)} ${clip(value, 28)} ${e.basis}${e.redactReason ? `; ${e.redactReason}` : ''}`,
    );
  }
  lines.push('');
  lines.push('identifying: the element alone (people < pool); combined: alone or with the other elements not identifying alone;');
  lines.push('redacted: what --policy identifying removes (direct identifiers, identifying elements, HIGH categories, greedy removals).');
  lines.push('');
  lines.push('Document k (people the description fits, independence assumed):');
  lines.push(`  everything in clear: ${fmt(a.k.all)}`);
  lines.push(`  the elements not identifying alone (any category): ${fmt(a.k.notAlone)}${a.k.notAlone < a.poolSize ? ` < ${fmt(a.poolSize)}` : ''}`);
  lines.push(`  the elements the policy keeps before the greedy step: ${fmt(a.k.kept)}${a.identifyingInCombination ? ` < ${fmt(a.poolSize)}: identifying in combination` : ''}`);
  for (const c of a.context) lines.push(`  (${c})`);
  if (a.removedInCombination.length > 0) {
    const names = a.removedInCombination.map((i) => `#${i + 1}`).join(', ');
    lines.push(`  greedy step: removing ${names} lifts k to ${fmt(a.k.final)}${a.reached ? '' : ` (still under ${fmt(a.poolSize)}: nothing left to remove)`}`);
  }
  const kept = a.elements.filter((e) => !e.redact);
  lines.push('');
  lines.push(
    `--policy identifying keeps ${kept.length} of ${a.elements.length} elements in clear${kept.length ? `: ${kept.map((e) => `#${e.index + 1}`).join(', ')}` : ''}; --policy all redacts every element.`,
  );
  return `${lines.join('\n')}\n`;
}

/** JSON record of an assessment (one line per document in --jsonl mode). */
export function assessmentRecord(text: string, a: DocumentAssessment): object {
  return {
    poolSize: a.poolSize,
    reference: a.reference,
    k: a.k,
    context: a.context,
    identifyingInCombination: a.identifyingInCombination,
    removedInCombination: a.removedInCombination,
    reached: a.reached,
    elements: a.elements.map((e) => ({ ...e, text: text.slice(e.start, e.end) })),
  };
}
