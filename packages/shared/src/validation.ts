import { z } from 'zod';
import { PASSWORD_MIN, PASSWORD_SPECIALS, USERNAME_MAX, USERNAME_MIN } from './constants.ts';

export interface Rule {
  code: string;
  test: (value: string) => boolean;
}

const escapedSpecials = PASSWORD_SPECIALS.replace(/[\\^$.*+?()[\]{}|-]/g, '\\$&');

/** Password rules in the order the spec lists them; the forms show them as live hints. */
export const PASSWORD_RULES: Rule[] = [
  { code: 'error.password-min-length', test: (v) => v.length >= PASSWORD_MIN },
  { code: 'error.password-lowercase-and-uppercase', test: (v) => /\p{Ll}/u.test(v) && /\p{Lu}/u.test(v) },
  { code: 'error.password-number', test: (v) => /\d/.test(v) },
  { code: 'error.password-special-character', test: (v) => new RegExp(`[${escapedSpecials}]`).test(v) },
];

export const USERNAME_RULES: Rule[] = [
  { code: 'profile.username-min-length', test: (v) => v.length >= USERNAME_MIN },
  { code: 'profile.username-max-length', test: (v) => v.length <= USERNAME_MAX },
  { code: 'profile.username-invalid-characters', test: (v) => /^[A-Za-z0-9_-]*$/.test(v) },
  { code: 'profile.username-special-characters', test: (v) => !/^[-_]|[-_]$/.test(v) },
  { code: 'profile.username-consecutive-special', test: (v) => !/[-_]{2}/.test(v) },
];

/** A required string checked against rules; the first failing rule's code is the error. */
function ruled(requiredCode: string, rules: Rule[]) {
  return z
    .string({ error: requiredCode })
    .min(1, { error: requiredCode })
    .superRefine((value, ctx) => {
      const failed = rules.find((rule) => !rule.test(value));
      if (failed) ctx.addIssue({ code: 'custom', message: failed.code });
    });
}

export const passwordSchema = ruled('error.password-required', PASSWORD_RULES).meta({
  description: `At least ${PASSWORD_MIN} characters with upper and lower case letters, a digit and one of ${PASSWORD_SPECIALS}`,
});

export const usernameSchema = ruled('profile.username-required', USERNAME_RULES);

export const emailSchema = z
  .string({ error: 'profile.email-required' })
  .trim()
  .min(1, { error: 'profile.email-required' })
  .max(254, { error: 'profile.invalid-email' })
  .pipe(z.email({ error: 'profile.invalid-email' }))
  .transform((email) => email.toLowerCase());

/** Password to sign in with: only presence is checked, so old passwords keep working. */
export const existingPasswordSchema = z
  .string({ error: 'error.password-required' })
  .min(1, { error: 'error.password-required' })
  .max(200, { error: 'error.invalid-credentials' });
