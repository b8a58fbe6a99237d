/**
 * A number written in consonants that spell no word (no vowels, no digits, no f, h, p, s, t or v):
 * generated usernames (API tests and Playwright) must never trip the offensive-name filter by chance.
 */
export const wordless = (n: number) =>
  n.toString(13).replace(/[0-9a-c]/g, (d) => 'bcdgjkmnqrwxz'[parseInt(d, 13)]!);
