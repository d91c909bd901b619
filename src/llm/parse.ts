import { isSpecLabel as isLabel, type Label } from '../taxonomy.js';

/**
 * Tolerant parsing of the model's answer: accepts a bare JSON object, one
 * wrapped in a Markdown code fence or surrounded by prose, or a bare array.
 * Elements with an unknown label or empty text are dropped and counted.
 */
export interface LlmElement {
  text: string;
  label: Label;
}

/**
 * One element of the answer: `{ text: string, label: string }`. Checked by hand rather than with a
 * zod schema: this module is loaded by every pipeline (and every worker thread), and zod's ~95
 * modules cost start-up time for a two-field check.
 */
function asElement(item: unknown): { text: string; label: string } | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const { text, label } = item as { text?: unknown; label?: unknown };
  return typeof text === 'string' && typeof label === 'string' ? { text, label } : undefined;
}

/** The model's answer could not be read; the message never quotes the answer (it may repeat the document). */
export class LlmParseError extends Error {
  readonly printable = true;
  constructor(message: string) {
    super(message);
    this.name = 'LlmParseError';
  }
}

/** Extract the first JSON value from a string that may contain other prose. */
export function extractJson(content: string): unknown {
  const trimmed = content.trim();
  try {
    return JSON.parse(trimmed);
  } catch {
    // fall through to the tolerant path
  }
  const fenced = /```(?:json)?\s*\n?([\s\S]*?)```/.exec(trimmed);
  if (fenced) {
    try {
      return JSON.parse(fenced[1]);
    } catch {
      // try the bracket scan below
    }
  }
  for (const [open, close] of [['{', '}'], ['[', ']']] as const) {
    const first = trimmed.indexOf(open);
    const last = trimmed.lastIndexOf(close);
    if (first >= 0 && last > first) {
      try {
        return JSON.parse(trimmed.slice(first, last + 1));
      } catch {
        // next shape
      }
    }
  }
  throw new LlmParseError('the model\'s answer is not valid JSON (a model with structured output, or a larger one, answers better)');
}

export function parseElements(content: string): { elements: LlmElement[]; rejected: number } {
  const value = extractJson(content);
  const list = Array.isArray(value) ? value : (value as { elements?: unknown })?.elements;
  if (!Array.isArray(list)) throw new LlmParseError('LLM answer has no "elements" array');
  const elements: LlmElement[] = [];
  let rejected = 0;
  for (const item of list) {
    const parsed = asElement(item);
    const label = parsed ? parsed.label.trim().toUpperCase() : '';
    if (!parsed || !isLabel(label) || !parsed.text.trim()) {
      rejected++;
      continue;
    }
    elements.push({ text: parsed.text, label });
  }
  return { elements, rejected };
}
