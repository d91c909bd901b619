/**
 * Context look-ups on the original text (not the lower-cased view, whose
 * offsets can drift on characters such as 'İ'). `cue` should carry the i flag
 * where case does not matter.
 */
export function cueBefore(text: string, start: number, cue: RegExp, window = 40): boolean {
  cue.lastIndex = 0;
  return cue.test(text.slice(Math.max(0, start - window), start));
}

export function cueAfter(text: string, end: number, cue: RegExp, window = 40): boolean {
  cue.lastIndex = 0;
  return cue.test(text.slice(end, end + window));
}
