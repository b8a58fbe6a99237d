// A compiled pattern kept once: the bundler writes a \p{…} literal as `new RegExp(…)`, which inside
// a function would build a pattern on every call.
const MARKS = /\p{M}+/gu;

/** The text without accents or other combining marks: "São João" → "Sao Joao". */
export const stripMarks = (text: string) => text.normalize('NFD').replace(MARKS, '');

/** The text with accents and case aside, for comparing: "Canción" → "cancion". */
export const foldAccentsAndCase = (text: string) => stripMarks(text).toLowerCase();
