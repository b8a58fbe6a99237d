import { describe, expect, it } from 'vitest';
import { signinBody, signupBody } from './auth.ts';
import { ERROR_MESSAGES } from './errors.ts';
import { PASSWORD_RULES, USERNAME_RULES, emailSchema, passwordSchema, usernameSchema } from './validation.ts';

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('password rules', () => {
  it('accepts a password meeting every rule', () => {
    expect(passwordSchema.safeParse('Lendo2026!').success).toBe(true);
  });

  it('reports the first rule broken, in the order of the spec', () => {
    expect(firstError(passwordSchema.safeParse(''))).toBe('error.password-required');
    expect(firstError(passwordSchema.safeParse('abc'))).toBe('error.password-min-length');
    expect(firstError(passwordSchema.safeParse('lendo2026!'))).toBe('error.password-lowercase-and-uppercase');
    expect(firstError(passwordSchema.safeParse('Lendolendo!'))).toBe('error.password-number');
    expect(firstError(passwordSchema.safeParse('Lendo2026?'))).toBe('error.password-special-character');
  });

  it('counts accented letters as letters of their case', () => {
    expect(passwordSchema.safeParse('ÁRVORE1ção!').success).toBe(true);
  });
});

describe('username rules', () => {
  it.each(['ana', 'ana_maria', 'Ana-2', 'a1b2c3d4e5f6g7h8i9j0'])('accepts %s', (name) => {
    expect(usernameSchema.safeParse(name).success).toBe(true);
  });

  it('reports each broken rule by its key', () => {
    expect(firstError(usernameSchema.safeParse(''))).toBe('profile.username-required');
    expect(firstError(usernameSchema.safeParse('ab'))).toBe('profile.username-min-length');
    expect(firstError(usernameSchema.safeParse('ação'))).toBe('profile.username-invalid-characters');
    expect(firstError(usernameSchema.safeParse('-ana'))).toBe('profile.username-special-characters');
    expect(firstError(usernameSchema.safeParse('an--a'))).toBe('profile.username-consecutive-special');
  });
});

describe('email', () => {
  it('normalises case and surrounding space', () => {
    expect(emailSchema.parse('  Ana@Example.COM ')).toBe('ana@example.com');
  });

  it('uses the spec keys', () => {
    expect(firstError(emailSchema.safeParse(''))).toBe('profile.email-required');
    expect(firstError(emailSchema.safeParse('ana@'))).toBe('profile.invalid-email');
  });
});

describe('schemas and catalogue', () => {
  it('has an English message for every code a rule can produce', () => {
    for (const rule of [...PASSWORD_RULES, ...USERNAME_RULES])
      expect(ERROR_MESSAGES).toHaveProperty(rule.code);
  });

  it('defaults remember to false on sign-in', () => {
    expect(signinBody.parse({ email: 'a@b.co', password: 'x' }).remember).toBe(false);
  });

  it('requires username, email and password on sign-up', () => {
    const result = signupBody.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message).sort()).toEqual([
      'error.password-required',
      'profile.email-required',
      'profile.username-required',
    ]);
  });
});
