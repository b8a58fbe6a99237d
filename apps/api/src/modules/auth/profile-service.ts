import { createHash } from 'node:crypto';
import {
  AVATAR_MAX_BYTES,
  EMAIL_CHANGE_TTL_HOURS,
  PLAN_ALLOWANCES,
  type Locale,
  type Me,
  type TokenPair,
  type UpdateUserBody,
  type UsernameAvailability,
} from '@lendo/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import {
  confirmEmailMail,
  emailChangedMail,
  emailChangeRequestedMail,
  passwordChangedMail,
} from './mail-templates.ts';
import { emailChangesRepository, usersRepository } from './repository.ts';
import { isUniqueViolation, type AuthService } from './service.ts';
import { isOffensive } from './username-filter.ts';

/** The image types a profile image may have, told apart by their first bytes, not by name. */
export const AVATAR_TYPES = [
  { extension: 'png', contentType: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { extension: 'jpg', contentType: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
] as const;

export const avatarTooLarge = () =>
  new AppError(413, 'profile.image-too-large', { avatar: 'profile.image-too-large' });

/** The image in an upload: base64, with or without a data: URL prefix. */
function decodeAvatar(avatar: string) {
  const bytes = Buffer.from(avatar.replace(/^data:[^,]*;base64,/i, ''), 'base64');
  if (bytes.length > AVATAR_MAX_BYTES) throw avatarTooLarge();
  const type = AVATAR_TYPES.find(({ magic }) => magic.every((byte, i) => bytes[i] === byte));
  if (!type) throw badRequest('profile.image-type', { avatar: 'profile.image-type' });
  return { bytes, type };
}

const avatarFolder = (userId: string) => `avatars/${userId}`;

export interface ProfileDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  appUrl: string;
  files: FileStore;
  auth: AuthService;
  /** The learner's country changed: their ranking rows move with them. */
  onCountryChanged(userId: string, country: string | null): Promise<void>;
  /** The account was deactivated or deleted: it leaves the rankings. */
  onAccountClosed(userId: string): Promise<void>;
}

/** The signed-in user's own account: profile fields, email and password changes, and its end. */
export function createProfileService({
  db,
  clock,
  mailer,
  appUrl,
  files,
  auth,
  onCountryChanged,
  onAccountClosed,
}: ProfileDeps) {
  async function userOf(userId: string) {
    const user = await usersRepository.findById(db, userId);
    if (!user) throw unauthorized();
    return user;
  }

  /**
   * Runs writes to the account and then tells the account cache, also when a later step fails
   * after some of them committed.
   */
  async function changing<T>(userId: string, writes: () => Promise<T>): Promise<T> {
    try {
      return await writes();
    } finally {
      await auth.accountChanged(userId);
    }
  }

  /** Why `username` cannot be this user's, or null when it can. */
  async function usernameProblem(userId: string, username: string) {
    if (isOffensive(username)) return 'profile.username-offensive' as const;
    if (await usersRepository.usernameTaken(db, username, userId)) return 'profile.username-taken' as const;
    return null;
  }

  /** Replaces the profile image; the previous file is removed. */
  async function replaceAvatar(userId: string, avatarUrl: string | null) {
    const previous = (await userOf(userId)).avatarUrl;
    await usersRepository.update(db, userId, { avatarUrl });
    await auth.accountChanged(userId);
    const oldKey = previous && previous !== avatarUrl ? files.keyOf(previous) : null;
    if (oldKey) await files.delete(oldKey);
    return auth.me(userId);
  }

  async function requestEmailChange(user: { id: string; email: string }, newEmail: string, locale: Locale) {
    const token = randomToken();
    await emailChangesRepository.replace(db, {
      userId: user.id,
      newEmail,
      tokenHash: hashToken(token),
      expiresAt: new Date(clock.now().getTime() + EMAIL_CHANGE_TTL_HOURS * 60 * 60 * 1000),
    });
    const link = `${appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
    await mailer.send(confirmEmailMail(newEmail, locale, link));
    await mailer.send(emailChangeRequestedMail(user.email, locale, newEmail));
  }

  return {
    /** Stores the image under a name made of its hash, so its URL can be cached for good. */
    async updateAvatar(userId: string, avatar: string): Promise<Me> {
      const { bytes, type } = decodeAvatar(avatar);
      const hash = createHash('sha256').update(bytes).digest('hex');
      const key = `${avatarFolder(userId)}/${hash}.${type.extension}`;
      await files.put(key, bytes);
      return replaceAvatar(userId, files.url(key));
    },

    clearAvatar: (userId: string) => replaceAvatar(userId, null),

    async checkUsername(userId: string, username: string): Promise<UsernameAvailability> {
      const problem = await usernameProblem(userId, username);
      return problem ? { available: false, code: problem } : { available: true };
    },

    async updateUsername(userId: string, username: string): Promise<Me> {
      const problem = await usernameProblem(userId, username);
      if (problem === 'profile.username-offensive') throw badRequest(problem, { username: problem });
      if (problem) throw conflict(problem, { username: problem });
      try {
        await usersRepository.update(db, userId, { username });
        await auth.accountChanged(userId);
      } catch (err) {
        // Someone took it between the check and the update.
        if (isUniqueViolation(err))
          throw conflict('profile.username-taken', { username: 'profile.username-taken' });
        throw err;
      }
      return auth.me(userId);
    },

    /** A CPF left out keeps the saved one; an empty one clears it. */
    async updateBillingInfo(
      userId: string,
      input: { billing_fullname: string; cpf?: string | null },
    ): Promise<Me> {
      await usersRepository.update(db, userId, { billingFullname: input.billing_fullname, cpf: input.cpf });
      await auth.accountChanged(userId);
      return auth.me(userId);
    },

    /**
     * Name, locale, time zone, level and the languages studied apply at once. A new email waits for the link mailed to it (the
     * old address is told); giving the current email back cancels a pending change.
     */
    async updateUser(userId: string, { email, study_languages, ...fields }: UpdateUserBody): Promise<Me> {
      const user = await userOf(userId);
      if (study_languages) {
        const tier = (await auth.me(userId)).subscription.plan?.tier ?? 'basic';
        const allowed = PLAN_ALLOWANCES[tier].studyLanguages;
        if (allowed !== null && study_languages.length > allowed) throw new AppError(403, 'limits.languages');
      }
      const changesEmail = email !== undefined && email !== user.email.toLowerCase();
      // Sign-up already tells whether an address has an account, so saying it here hides nothing.
      if (changesEmail && (await usersRepository.findByEmail(db, email))) {
        throw conflict('error.email-in-use', { email: 'error.email-in-use' });
      }
      const languages = study_languages && {
        learningLanguage: study_languages[0],
        otherLanguages: study_languages.slice(1),
      };
      await changing(userId, async () => {
        if (Object.keys(fields).length > 0 || languages) {
          await usersRepository.update(db, userId, { ...fields, ...languages });
        }
        if (fields.country !== undefined && fields.country !== user.country) {
          await onCountryChanged(userId, fields.country);
        }
        if (changesEmail) await requestEmailChange(user, email, (fields.locale ?? user.locale) as Locale);
        else if (email !== undefined) await emailChangesRepository.discardPending(db, userId);
      });
      return auth.me(userId);
    },

    /** Opens an email-change link: the new address becomes the account's, verified. */
    async confirmEmail(token: string): Promise<void> {
      const now = clock.now();
      const change = await emailChangesRepository.consume(db, hashToken(token), now);
      if (!change) throw badRequest('profile.invalid-email-link', { token: 'profile.invalid-email-link' });
      // The change is no longer pending, whether the address can be taken or not.
      const user = await changing(change.userId, async () => {
        const user = await userOf(change.userId);
        try {
          await usersRepository.update(db, user.id, { email: change.newEmail, emailVerifiedAt: now });
        } catch (err) {
          // Another account took the address after the change was asked for.
          if (isUniqueViolation(err)) throw conflict('error.email-in-use', { email: 'error.email-in-use' });
          throw err;
        }
        return user;
      });
      // A link verifying the address the account already had changes nothing else.
      if (user.email.toLowerCase() !== change.newEmail.toLowerCase()) {
        await mailer.send(emailChangedMail(user.email, user.locale as Locale, change.newEmail));
      }
    },

    /**
     * Sets a new password, checking the current one when the account has one. Every session ends;
     * the caller gets a new pair for this one.
     */
    async updatePassword(
      userId: string,
      input: { old_password?: string; password: string },
    ): Promise<TokenPair> {
      const user = await userOf(userId);
      if (user.passwordHash) {
        if (input.old_password === undefined) {
          throw badRequest('error.password-required', { old_password: 'error.password-required' });
        }
        if (!(await verifyPassword(user.passwordHash, input.old_password))) {
          throw badRequest('profile.wrong-password', { old_password: 'profile.wrong-password' });
        }
        if (input.password === input.old_password) {
          throw badRequest('profile.same-password', { password: 'profile.same-password' });
        }
      }
      await usersRepository.update(db, userId, { passwordHash: await hashPassword(input.password) });
      await auth.revokeSessions(userId);
      await mailer.send(passwordChangedMail(user.email, user.locale as Locale));
      return auth.issueTokens(userId, true);
    },

    /** Mails the link that verifies the account's email again. */
    resendVerification: (userId: string) => auth.resendVerification(userId),

    /** Deactivates the account and ends its sessions; signing in again restores it. */
    async deactivate(userId: string): Promise<void> {
      await usersRepository.update(db, userId, { deactivatedAt: clock.now() });
      await auth.revokeSessions(userId);
      await onAccountClosed(userId);
    },

    /** Deletes the account for good: its rows (cascade) and its files. */
    async deleteAccount(userId: string): Promise<void> {
      await usersRepository.delete(db, userId);
      await auth.accountChanged(userId);
      await files.deleteFolder(avatarFolder(userId));
      await onAccountClosed(userId);
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
