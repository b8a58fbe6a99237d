import { z } from 'zod';
import {
  LEARNING_LANGUAGES,
  LOCALES,
  MOTIVATIONS,
  PROFICIENCIES,
  SUBSCRIPTION_STATUSES,
} from './constants.ts';
import { emailSchema, existingPasswordSchema, passwordSchema, usernameSchema } from './validation.ts';

/** An IANA time zone name the runtime knows. */
export const timezoneSchema = z
  .string()
  .max(64)
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { error: 'error.invalid-value' },
  );

/** A choice from a fixed list: missing → error.required, anything else → error.invalid-value. */
export function choice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (issue) => (issue.input === undefined ? 'error.required' : 'error.invalid-value'),
  });
}

export const localeSchema = choice(LOCALES);

export const signupBody = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    password: passwordSchema,
    locale: localeSchema.optional(),
    timezone: timezoneSchema.optional(),
  })
  .meta({ id: 'SignupBody' });
export type SignupBody = z.input<typeof signupBody>;

export const signinBody = z
  .object({
    email: emailSchema,
    password: existingPasswordSchema,
    remember: z.boolean().default(false),
  })
  .meta({ id: 'SigninBody' });
export type SigninBody = z.input<typeof signinBody>;

export const tokenPair = z.object({ access: z.string(), refresh: z.string() }).meta({ id: 'TokenPair' });
export type TokenPair = z.infer<typeof tokenPair>;

export const refreshBody = z
  .object({ refresh: z.string({ error: 'error.required' }).min(1, { error: 'error.required' }).max(200) })
  .meta({ id: 'RefreshBody' });

export const resetPasswordBody = z.object({ email: emailSchema }).meta({ id: 'ResetPasswordBody' });
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

export const changePasswordBody = z
  .object({
    token: z
      .string({ error: 'error.invalid-reset-link' })
      .min(1, { error: 'error.invalid-reset-link' })
      .max(200),
    password: passwordSchema,
  })
  .meta({ id: 'ChangePasswordBody' });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const onboardingBody = z
  .object({
    language: choice(LEARNING_LANGUAGES),
    proficiency: choice(PROFICIENCIES),
    motivation: choice(MOTIVATIONS),
  })
  .meta({ id: 'OnboardingBody' });
export type OnboardingBody = z.infer<typeof onboardingBody>;

/**
 * The learner's subscription as every page needs it. `plan` is set only while the subscription
 * grants its plan's features (a trial, a paid period, a canceled plan until its period ends).
 */
export const subscriptionSummary = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  plan: z
    .object({
      id: z.string(),
      tier: z.enum(['basic', 'pro', 'premium']),
      name: z.string(),
      interval: z.enum(['monthly', 'yearly']),
      is_pro: z.boolean(),
    })
    .nullable(),
  trial_end_at: z.string().nullable(),
  current_period_end: z.string().nullable(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummary>;

export const me = z
  .object({
    id: z.string(),
    number: z.number().int(),
    name: z.string(),
    username: z.string(),
    email: z.string(),
    avatar_url: z.string().nullable(),
    locale: localeSchema,
    timezone: z.string(),
    onboarding_completed: z.boolean(),
    learning_language: z.enum(LEARNING_LANGUAGES).nullable(),
    /** Every language studied, learning_language first; more than one only on a plan that allows it. */
    study_languages: z.array(z.enum(LEARNING_LANGUAGES)),
    proficiency: z.enum(PROFICIENCIES).nullable(),
    motivation: z.enum(MOTIVATIONS).nullable(),
    subscription: subscriptionSummary,
    email_verified: z.boolean(),
    /** An address waiting for its link to be opened (PUT /auth/update-user/ with email). */
    pending_email: z.string().nullable(),
    /** False for an account made through Google that never set a password. */
    has_password: z.boolean(),
    billing_fullname: z.string().nullable(),
    cpf: z.string().nullable(),
    /** ISO 3166-1 alpha-2, for the country ranking: from the sign-up request, changeable; null if unknown. */
    country: z.string().nullable(),
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof me>;

export const messageResponse = z.object({ message: z.string() }).meta({ id: 'Message' });

export const authProviders = z.object({ google: z.boolean() }).meta({ id: 'AuthProviders' });
export type AuthProviders = z.infer<typeof authProviders>;
