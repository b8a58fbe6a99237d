import type { z } from 'zod';

const isString = (value: unknown): value is string => typeof value === 'string';

/**
 * Adds the rule that the repeated password equals the password (SPEC §5). It is checked even while
 * other fields are still invalid, so the mismatch shows at the same time as their errors.
 */
export function requireMatchingPasswords<T extends z.ZodType<{ password: string; repeatPassword: string }>>(
  schema: T,
): T {
  return schema.refine((values) => values.password === values.repeatPassword, {
    path: ['repeatPassword'],
    error: 'error.passwords-do-not-match',
    when: ({ value }) => {
      const entries = value as { password?: unknown; repeatPassword?: unknown } | undefined;
      return isString(entries?.password) && isString(entries?.repeatPassword);
    },
  });
}
