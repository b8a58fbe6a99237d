/**
 * A Hunspell affix-file reader and expander: enough of the format to list every form a .dic stem
 * accepts, so that forms can be mapped back to their lemma. The three dictionaries we use rely on
 * SET, FLAG (UTF-8 or single characters), PFX/SFX with cross products and conditions, and
 * continuation classes on suffixes (Spanish "ción/S"); FLAG long/num are handled too so any other
 * dictionary parses. Compounding and suggestion settings are irrelevant to lemmatization.
 */

export type FlagFormat = 'char' | 'long' | 'num' | 'UTF-8';

export interface AffixRule {
  strip: string;
  append: string;
  /** Tested on the word before stripping; null when the condition is "." (anything). */
  condition: RegExp | null;
  /** Continuation classes: affixes that may follow this one (twofold suffixes). */
  continuation: string[];
}

export interface AffixClass {
  kind: 'PFX' | 'SFX';
  flag: string;
  /** Cross product: a prefix and a suffix may combine only when both allow it. */
  cross: boolean;
  rules: AffixRule[];
}

export interface AffixFile {
  flagFormat: FlagFormat;
  encoding: string;
  prefixes: Map<string, AffixClass>;
  suffixes: Map<string, AffixClass>;
  /** Flags that mark stems which are not words on their own. */
  skipFlags: Set<string>;
  needAffix?: string;
}

export interface Stem {
  word: string;
  flags: string[];
}

/** Splits a flag field according to the FLAG setting. */
export function parseFlags(field: string, format: FlagFormat): string[] {
  if (!field) return [];
  switch (format) {
    case 'long':
      return field.match(/../gu) ?? [];
    case 'num':
      return field.split(',').filter(Boolean);
    case 'UTF-8':
      return [...field];
    case 'char':
      // Without FLAG UTF-8, a flag is one byte; our input is decoded text, so one code unit.
      return field.split('');
  }
}

/** Hunspell conditions are a tiny regex dialect: literal characters, "." and [...] / [^...] sets. */
function compileCondition(condition: string, kind: 'PFX' | 'SFX'): RegExp | null {
  if (condition === '.' || condition === '') return null;
  let source = '';
  for (let i = 0; i < condition.length; i++) {
    const ch = condition[i]!;
    if (ch === '[') {
      const end = condition.indexOf(']', i);
      const body = condition.slice(i + 1, end === -1 ? undefined : end);
      const negated = body.startsWith('^');
      const chars = (negated ? body.slice(1) : body).replace(/[\\\]^-]/g, '\\$&');
      source += `[${negated ? '^' : ''}${chars}]`;
      i = end === -1 ? condition.length : end;
    } else {
      source += ch === '.' ? '.' : ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    }
  }
  return new RegExp(kind === 'SFX' ? `${source}$` : `^${source}`, 'u');
}

/** Reads the SET line from raw bytes so the rest can be decoded in the file's own encoding. */
export function detectEncoding(bytes: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 4096));
  const match = /^SET\s+(\S+)/m.exec(head);
  return match?.[1] ?? 'ISO8859-1';
}

export function decodeHunspell(bytes: Uint8Array, encoding: string): string {
  const label = encoding.toUpperCase() === 'UTF-8' ? 'utf-8' : encoding.replace(/^ISO(?=\d)/i, 'ISO-');
  return new TextDecoder(label).decode(bytes);
}

export function parseAff(text: string): AffixFile {
  const aff: AffixFile = {
    flagFormat: 'char',
    encoding: 'ISO8859-1',
    prefixes: new Map(),
    suffixes: new Map(),
    skipFlags: new Set(),
  };
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const parts = lines[i]!.trim().split(/\s+/);
    const [key, a, b, c] = parts;
    if (!key || key.startsWith('#')) continue;
    if (key === 'SET' && a) aff.encoding = a;
    else if (key === 'FLAG' && a) aff.flagFormat = a as FlagFormat;
    else if ((key === 'FORBIDDENWORD' || key === 'ONLYINCOMPOUND') && a) aff.skipFlags.add(a);
    else if (key === 'NEEDAFFIX' && a) aff.needAffix = a;
    else if ((key === 'PFX' || key === 'SFX') && a && (b === 'Y' || b === 'N') && c && parts.length === 4) {
      const affixClass: AffixClass = { kind: key, flag: a, cross: b === 'Y', rules: [] };
      const count = Number(c);
      for (let j = 0; j < count && i + 1 < lines.length; j++) {
        const [, , strip = '0', appendField = '0', condition = '.'] = lines[++i]!.trim().split(/\s+/);
        const [append, continuation = ''] = appendField.split('/');
        affixClass.rules.push({
          strip: strip === '0' ? '' : strip,
          append: append === '0' || append === undefined ? '' : append,
          condition: compileCondition(condition, key),
          // FLAG precedes the affixes (Hunspell requires it), so the format is known here.
          continuation: parseFlags(continuation, aff.flagFormat),
        });
      }
      (key === 'PFX' ? aff.prefixes : aff.suffixes).set(a, affixClass);
    }
  }
  return aff;
}

/** Reads .dic lines ("word/flags"); multi-word phrases and the count line are skipped. */
export function* parseDic(text: string, aff: AffixFile): Generator<Stem> {
  const lines = text.split(/\r?\n/);
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!.split('\t')[0]!.trim();
    if (!line || /\s/.test(line)) continue;
    // A slash inside a word is escaped as "\/".
    const slash = line.search(/(?<!\\)\//);
    const word = (slash === -1 ? line : line.slice(0, slash)).replaceAll('\\/', '/');
    const flags = slash === -1 ? [] : parseFlags(line.slice(slash + 1), aff.flagFormat);
    if (flags.some((flag) => aff.skipFlags.has(flag))) continue;
    yield { word, flags };
  }
}

/** One generated form and the affixes that produced it: suffix, optional second suffix, prefix. */
export interface Expansion {
  form: string;
  affixes: { flag: string; kind: 'PFX' | 'SFX'; rule: AffixRule }[];
}

export function applyAffix(word: string, kind: 'PFX' | 'SFX', rule: AffixRule): string | undefined {
  const suffix = kind === 'SFX';
  if (!(suffix ? word.endsWith(rule.strip) : word.startsWith(rule.strip))) return undefined;
  if (rule.condition && !rule.condition.test(word)) return undefined;
  return suffix
    ? word.slice(0, word.length - rule.strip.length) + rule.append
    : rule.append + word.slice(rule.strip.length);
}

/**
 * Every form a stem accepts: the stem itself (unless NEEDAFFIX), each suffix, each twofold
 * suffix allowed by a continuation class, and prefixes on the stem and, where both affixes allow
 * the cross product, on suffixed forms.
 */
export function expandStem(aff: AffixFile, stem: Stem): Expansion[] {
  const out: Expansion[] = [];
  const flags = new Set(stem.flags);
  if (!aff.needAffix || !flags.has(aff.needAffix)) out.push({ form: stem.word, affixes: [] });

  const addPrefixed = (base: Expansion, prefixFlags: Iterable<string>, needCross: boolean) => {
    for (const flag of prefixFlags) {
      const prefix = aff.prefixes.get(flag);
      if (!prefix || (needCross && !prefix.cross)) continue;
      for (const rule of prefix.rules) {
        const form = applyAffix(base.form, 'PFX', rule);
        if (form) out.push({ form, affixes: [...base.affixes, { flag, kind: 'PFX', rule }] });
      }
    }
  };

  for (const flag of flags) {
    const suffix = aff.suffixes.get(flag);
    if (!suffix) continue;
    for (const rule of suffix.rules) {
      const form = applyAffix(stem.word, 'SFX', rule);
      if (!form) continue;
      const once: Expansion = { form, affixes: [{ flag, kind: 'SFX', rule }] };
      out.push(once);
      for (const next of rule.continuation) {
        for (const rule2 of aff.suffixes.get(next)?.rules ?? []) {
          const form2 = applyAffix(form, 'SFX', rule2);
          if (form2)
            out.push({ form: form2, affixes: [...once.affixes, { flag: next, kind: 'SFX', rule: rule2 }] });
        }
      }
      if (suffix.cross) addPrefixed(once, [...flags, ...rule.continuation], true);
    }
  }
  addPrefixed({ form: stem.word, affixes: [] }, flags, false);
  return out;
}
