import { describe, expect, it } from 'vitest';
import { usernameSchema } from '@lendo/shared';
import { BLOCKED_ANYWHERE, BLOCKED_WHOLE } from './offensive-words.ts';
import { isOffensive, usernameCandidates } from './username-filter.ts';

describe('isOffensive', () => {
  it('blocks every listed word written plainly', () => {
    for (const word of [...BLOCKED_ANYWHERE, ...BLOCKED_WHOLE]) expect(isOffensive(word), word).toBe(true);
  });

  it('sees through case, accents, l33t, separators and repeated letters', () => {
    const evasions = [
      'FuCk',
      'f_u_c_k',
      'f-u-c-k-you',
      'fuuuuck',
      'sh1t',
      'SH17',
      'c4r4lh0',
      'Carálho',
      'pútã',
      'put4',
      'p_u_t_a',
      'cabrón',
      'coño',
      'm3rd4_total',
      'Hijo-De-Puta',
      'xXpendejoXx',
      'a55',
      'asssss',
      'Big_Ass',
      'BigAss',
      'puta99',
      '99cunt',
      'mierdaaa',
      'n1gg3r',
      'b1tch_',
    ];
    for (const name of evasions) expect(isOffensive(name), name).toBe(true);
  });

  it('lets ordinary names through, even those that hide a short word', () => {
    const innocent = [
      'classic',
      'assessor',
      'analisa',
      'pescador',
      'Scunthorpe',
      'therapist',
      'computador',
      'disputa',
      'reputacao',
      'calculo',
      'vehiculo',
      'cocktail',
      'Dickens',
      'Hancock',
      'Sussex',
      'grapefruit',
      'pedometer',
      'torpedo',
      'Vergara',
      'Paulo',
      'Penistone',
      'cucumber',
      'document',
      'raccoon',
      'spicey',
      'enviado',
      'Nazira',
      'Fukuoka',
      'Slutsky',
      'Pissarro',
      'swank',
      'scrapbook',
      'shuttlecock',
      'pussycat',
      'arsenal',
      'sextant',
      'picanha',
      'Porras',
      'Cornelius',
      'kkkk',
      'cuca',
      'cupido',
      'Bitcoin',
      'passion',
      'Cassandra',
      'grasshopper',
      'skyscraper',
      'mamona',
      'pajaro',
      'Ana_Lisa',
      'maria_silva',
      'joao-pedro',
      'user_2024',
      'as_you_like',
    ];
    for (const name of innocent) expect(isOffensive(name), name).toBe(false);
  });
});

describe('usernameCandidates', () => {
  const first = (source: string, count = 1) => {
    const names = [];
    for (const name of usernameCandidates(source)) {
      names.push(name);
      if (names.length === count) break;
    }
    return names;
  };

  it('derives a valid username from an email or a name', () => {
    expect(first('maria.silva')).toEqual(['maria_silva']);
    expect(first('José Álvarez--Núñez')).toEqual(['Jose_Alvarez_Nu']);
    expect(first('__ab__cd__')).toEqual(['ab_cd']);
  });

  it('falls back to "user" for short or offensive sources', () => {
    expect(first('jo')).toEqual(['user']);
    expect(first('...')).toEqual(['user']);
    expect(first('fuckface')).toEqual(['user']);
  });

  it('then tries the base with digits, each a valid and inoffensive username', () => {
    const names = first('a.very.long.email.local.part', 50);
    expect(names[0]).toBe('a_very_long_ema');
    for (const name of names) {
      expect(usernameSchema.safeParse(name).success, name).toBe(true);
      expect(isOffensive(name), name).toBe(false);
    }
    expect(names[1]).toMatch(/^a_very_long_ema\d{4,5}$/);
  });
});
