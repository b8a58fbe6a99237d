import { z } from 'zod';
import { localeSchema, timezoneSchema } from './auth.ts';
import { LEARNING_LANGUAGES, PROFICIENCIES } from './constants.ts';
import { emailSchema, passwordSchema, existingPasswordSchema, usernameSchema } from './validation.ts';

/** Settings and profile (SPEC §2 /settings, §3 Me, §4 Account, §5, §7 "Auth and profile"). */

/** Largest profile image accepted, in bytes (SPEC §9: 10 MB). */
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
/** The round crop's output: a square JPEG of this many pixels (SPEC §9). */
export const AVATAR_OUTPUT_SIZE = 204;
export const AVATAR_CROP_AREA = 300;
export const AVATAR_ZOOM = { min: 1, max: 3, step: 0.1 } as const;
/** Username availability is checked this long after typing stops (SPEC §9). */
export const USERNAME_CHECK_DEBOUNCE_MS = 500;
/** How long an email-change link stays valid. */
export const EMAIL_CHANGE_TTL_HOURS = 24;

export const AVATAR_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

/** POST /auth/update-avatar/: base64 image data (a data: URL prefix is allowed) and its extension. */
export const updateAvatarBody = z
  .object({
    avatar: z.string({ error: 'error.required' }).min(1, { error: 'error.required' }),
    extension: z
      .string({ error: 'error.required' })
      .transform((value) => value.toLowerCase().replace(/^\./, ''))
      .pipe(z.enum(AVATAR_EXTENSIONS, { error: 'profile.image-type' })),
  })
  .meta({ id: 'UpdateAvatarBody' });
export type UpdateAvatarBody = z.input<typeof updateAvatarBody>;

export const usernameBody = z.object({ username: usernameSchema }).meta({ id: 'UsernameBody' });
export type UsernameBody = z.input<typeof usernameBody>;

/** POST /auth/check-username/: `code` says why a name is not available (taken or offensive). */
export const usernameAvailability = z
  .object({ available: z.boolean(), code: z.string().optional() })
  .meta({ id: 'UsernameAvailability' });
export type UsernameAvailability = z.infer<typeof usernameAvailability>;

/** Brazilian CPF: 11 digits (punctuation allowed) with both check digits right. */
export function isValidCpf(value: string): boolean {
  const digits = value.replace(/[.\-\s]/g, '');
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10]);
}

export const cpfSchema = z
  .string({ error: 'billing.cpf-required' })
  .trim()
  .min(1, { error: 'billing.cpf-required' })
  .refine(isValidCpf, { error: 'billing.invalid-cpf' })
  .transform((value) => value.replace(/\D/g, ''));

export const billingInfoBody = z
  .object({
    billing_fullname: z
      .string({ error: 'billing.fullname-required' })
      .trim()
      .min(1, { error: 'billing.fullname-required' })
      .max(120, { error: 'error.invalid-value' })
      .refine((name) => name.split(/\s+/).length >= 2, { error: 'billing.fullname-incomplete' }),
    /** Required to pay in BRL (Brazil); elsewhere checkout asks for the full name only. */
    cpf: z
      .string({ error: 'billing.invalid-cpf' })
      .trim()
      .refine((value) => value === '' || isValidCpf(value), { error: 'billing.invalid-cpf' })
      .transform((value) => (value === '' ? null : value.replace(/\D/g, '')))
      .optional(),
  })
  .meta({ id: 'BillingInfoBody' });
export type BillingInfoBody = z.input<typeof billingInfoBody>;

/**
 * PUT /auth/update-user/: locale (saved at once) and email. A new email is not applied: a link is
 * mailed to it and the address changes when the link is opened (POST /auth/confirm-email/).
 */
export const updateUserBody = z
  .object({
    name: z.string().trim().max(100, { error: 'error.invalid-value' }).optional(),
    locale: localeSchema.optional(),
    timezone: timezoneSchema.optional(),
    email: emailSchema.optional(),
    /**
     * The languages studied, the one shown first (learning_language) first. More than one needs a
     * plan that allows it (403 limits.languages).
     */
    study_languages: z
      .array(z.enum(LEARNING_LANGUAGES, { error: 'error.invalid-value' }), { error: 'error.invalid-value' })
      .min(1, { error: 'error.required' })
      .max(LEARNING_LANGUAGES.length, { error: 'error.invalid-value' })
      .refine((languages) => new Set(languages).size === languages.length, { error: 'error.invalid-value' })
      .optional(),
    /** The level, as answered in onboarding: the home page recommends stories around it. */
    proficiency: z.enum(PROFICIENCIES, { error: 'error.invalid-value' }).optional(),
    /** The learner's country (ISO 3166-1 alpha-2) for the country ranking, or null for none. */
    country: z
      .string({ error: 'error.invalid-value' })
      .regex(/^[A-Za-z]{2}$/, { error: 'error.invalid-value' })
      .transform((code) => code.toUpperCase())
      .nullable()
      .optional(),
  })
  .strict()
  .meta({ id: 'UpdateUserBody' });
export type UpdateUserBody = z.input<typeof updateUserBody>;

export const confirmEmailBody = z
  .object({
    token: z
      .string({ error: 'profile.invalid-email-link' })
      .min(1, { error: 'profile.invalid-email-link' })
      .max(200),
  })
  .meta({ id: 'ConfirmEmailBody' });

/**
 * POST /auth/update-password/ (settings): the current password and the new one. An account without
 * a password (made through Google) sets its first one without old_password.
 */
export const updatePasswordBody = z
  .object({ old_password: existingPasswordSchema.optional(), password: passwordSchema })
  .meta({ id: 'UpdatePasswordBody' });
export type UpdatePasswordBody = z.input<typeof updatePasswordBody>;

export const IDENTITY_PROVIDERS = ['google'] as const;
export type IdentityProvider = (typeof IDENTITY_PROVIDERS)[number];

export const connection = z
  .object({ provider: z.enum(IDENTITY_PROVIDERS), email: z.string(), created_at: z.string() })
  .meta({ id: 'Connection' });
export type Connection = z.infer<typeof connection>;
export const connectionList = z.array(connection).meta({ id: 'ConnectionList' });

/** POST /auth/google/link/: the provider's page to send the browser to. */
export const redirectUrl = z.object({ url: z.string() }).meta({ id: 'RedirectUrl' });
