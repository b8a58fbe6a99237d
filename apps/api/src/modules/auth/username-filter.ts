import { randomInt } from 'node:crypto';
import { USERNAME_MAX, USERNAME_MIN, stripMarks } from '@lendo/shared';
import { BLOCKED_ANYWHERE, BLOCKED_WHOLE } from './offensive-words.ts';

/** Characters written in place of a letter ("sh1t", "put@", "a$$"). */
const LOOKALIKES: Record<string, string> = {
  a: 'a4@',
  b: 'b8',
  e: 'e3',
  g: 'g9',
  i: 'i1!|',
  l: 'l1|',
  o: 'o0',
  s: 's5$',
  t: 't7+',
};

const escape = (chars: string) => chars.replace(/[\\^$.*+?()[\]{}|-]/g, '\\$&');

/**
 * A word as a pattern that also matches its evasions: each letter may be written as a lookalike,
 * and a run of it may be longer than in the word ("fuuuck") but not shorter ("as" is not "ass").
 */
function wordPattern(word: string): string {
  return (word.match(/(.)\1*/g) ?? [])
    .map((run) => {
      const letter = run[0]!;
      const chars = escape(LOOKALIKES[letter] ?? letter);
      const one = chars.length > 1 ? `[${chars}]` : chars;
      return run.length > 1 ? `${one}{${run.length},}` : `${one}+`;
    })
    .join('');
}

const anywhere = new RegExp(BLOCKED_ANYWHERE.map(wordPattern).join('|'));
const whole = new RegExp(`^\\d*(?:${BLOCKED_WHOLE.map(wordPattern).join('|')})\\d*$`);

/**
 * The parts of a name as written: split at separators and where lower case turns upper ("BigAss"),
 * lower-cased and without accents.
 */
function parts(name: string): string[] {
  return stripMarks(name)
    .split(/[\s._-]+|(?<=\p{Ll})(?=\p{Lu})/u)
    .filter(Boolean)
    .map((part) => part.toLowerCase());
}

/**
 * Whether a username is offensive: it contains a blocked root anywhere once separators are
 * removed, or one of its parts (or all of it, "p_u_t_a") is a blocked word on its own. Meant for
 * usernames (at most 20 characters).
 */
export function isOffensive(name: string): boolean {
  const words = parts(name);
  const joined = words.join('');
  return anywhere.test(joined) || [...words, joined].some((word) => whole.test(word));
}

const USERNAME_BASE_MAX = USERNAME_MAX - 5;

/**
 * Usernames to try, in order, for an account made from an external sign-in: one derived from
 * `source` (an email's local part or a name) when it is long enough and inoffensive, else "user",
 * then that with random digits. Every one passes the username rules.
 */
export function* usernameCandidates(source: string): Generator<string> {
  const derived = stripMarks(source)
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/[_-]{2,}/g, '_')
    .slice(0, USERNAME_BASE_MAX)
    .replace(/^[_-]+|[_-]+$/g, '');
  const base = derived.length >= USERNAME_MIN && !isOffensive(derived) ? derived : 'user';
  yield base;
  for (;;) {
    // Digits can spell letters ("pic" + "4…"), so each one is checked again.
    const candidate = `${base}${randomInt(1000, 100_000)}`;
    if (!isOffensive(candidate)) yield candidate;
  }
}
