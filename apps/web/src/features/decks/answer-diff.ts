import { foldAccentsAndCase as fold } from '@lendo/shared';

/** A run of characters of a checked answer: typed right, typed but not expected, or missing. */
export interface DiffPart {
  kind: 'same' | 'extra' | 'missing';
  text: string;
}

/**
 * The typed answer against the expected one, character by character (a longest common
 * subsequence), case and accents aside: what was typed right, what was typed too much, what was
 * missing. The expected text's own characters are kept where they match.
 */
export function diffAnswer(typed: string, expected: string): DiffPart[] {
  const a = Array.from(typed.trim());
  const b = Array.from(expected.trim());
  const fa = a.map(fold);
  const fb = b.map(fold);
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i]![j] = fa[i] === fb[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], text: string) => {
    const last = parts.at(-1);
    if (last?.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && fa[i] === fb[j]) {
      push('same', b[j]!);
      i++;
      j++;
    } else if (j < b.length && (i === a.length || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      push('missing', b[j++]!);
    } else {
      push('extra', a[i++]!);
    }
  }
  return parts;
}
