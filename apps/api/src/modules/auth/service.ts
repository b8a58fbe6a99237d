import { randomUUID } from 'node:crypto';
import {
  DEFAULT_LOCALE,
  EMAIL_CHANGE_TTL_HOURS,
  PLAN_ALLOWANCES,
  type Locale,
  type Me,
  type OnboardingBody,
  type SubscriptionSummary,
  type TokenPair,
} from '@lendo/shared';
import type { Db } from '../../db/client.ts';
import type { AccountCache, Timed } from '../../lib/account-cache.ts';
import { earliest, type Clock } from '../../lib/clock.ts';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { lruMap } from '../../lib/lru.ts';
import { hashToken, randomToken, type AccessTokens } from '../../lib/tokens.ts';
import { passwordChangedMail, resetPasswordMail, verifyEmailMail } from './mail-templates.ts';
import { isOffensive } from './username-filter.ts';
import {
  emailChangesRepository,
  refreshTokensRepository,
  resetTokensRepository,
  usersRepository,
  type UserRow,
} from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A remembered session lasts 30 days; otherwise the refresh token lives a day. */
const REFRESH_TTL_MS = { remember: 30 * DAY_MS, session: DAY_MS };
const RESET_TTL_MS = 60 * 60 * 1000;
/** How long a spent refresh token answers again with the pair it gave (tabs refreshing at once). */
const REFRESH_GRACE_MS = 10_000;

export interface AuthDeps {
  db: Db;
  clock: Clock;
  accessTokens: AccessTokens;
  mailer: Mailer;
  appUrl: string;
  /** Called once a learner completes onboarding (the decks module gives them their first deck). */
  onOnboarded?: (me: Me) => Promise<void>;
  /** A deactivated account was restored by signing in: it is back in the rankings. */
  onReactivated?: (userId: string) => Promise<void>;
  /** The learner's subscription as Me shows it (billing owns it), and until when it holds. */
  subscriptionOf: (userId: string) => Promise<Timed<SubscriptionSummary>>;
  /** Keeps Me and whether the account is active; told of every change to the account. */
  accounts: AccountCache<Me>;
}

export function isUniqueViolation(err: unknown): err is { constraint?: string } {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** The languages studied now: the first one, plus the others while the plan allows several. */
function studyLanguages(user: UserRow, subscription: SubscriptionSummary): Me['study_languages'] {
  if (!user.learningLanguage) return [];
  const all = [user.learningLanguage, ...user.otherLanguages] as Me['study_languages'];
  const allowed = PLAN_ALLOWANCES[subscription.plan?.tier ?? 'basic'].studyLanguages;
  return allowed === null ? all : all.slice(0, allowed);
}

function toMe(user: UserRow, pendingEmail: string | null, subscription: SubscriptionSummary): Me {
  return {
    id: user.id,
    number: user.number,
    name: user.name,
    username: user.username,
    email: user.email,
    avatar_url: user.avatarUrl,
    locale: user.locale as Locale,
    timezone: user.timezone,
    onboarding_completed: user.onboardingCompleted,
    learning_language: user.learningLanguage as Me['learning_language'],
    study_languages: studyLanguages(user, subscription),
    proficiency: user.proficiency as Me['proficiency'],
    motivation: user.motivation as Me['motivation'],
    subscription,
    email_verified: user.emailVerifiedAt !== null,
    pending_email: pendingEmail,
    has_password: user.passwordHash !== null,
    billing_fullname: user.billingFullname,
    cpf: user.cpf,
    country: user.country,
  };
}

export function createAuthService({
  db,
  clock,
  accessTokens,
  mailer,
  appUrl,
  onOnboarded,
  onReactivated,
  subscriptionOf,
  accounts,
}: AuthDeps) {
  /** What is known of the account is out of date: call once a write to it has committed. */
  const accountChanged = (userId: string) => accounts.invalidate(userId);

  async function issueTokens(
    userId: string,
    remember: boolean,
    familyId: string = randomUUID(),
  ): Promise<TokenPair> {
    const refresh = randomToken();
    await refreshTokensRepository.insert(db, {
      userId,
      familyId,
      tokenHash: hashToken(refresh),
      remember,
      expiresAt: new Date(clock.now().getTime() + REFRESH_TTL_MS[remember ? 'remember' : 'session']),
    });
    return { access: await accessTokens.sign(userId, familyId), refresh };
  }

  /**
   * Refresh tokens spent in the last REFRESH_GRACE_MS, with the pair their refresh gave: two tabs
   * refreshing with the same token at once both get that pair, rather than the second one being
   * taken for a stolen token (which revokes the whole session). Per instance; a tab whose refresh
   * reaches another instance within the window gets a new pair of the same session instead.
   */
  const recentRefreshes = lruMap<string, { at: number; pair: Promise<TokenPair> }>(10_000);

  /**
   * Whether the account is active, and its sessions revoked recently enough that their access
   * tokens may not have expired: kept with the account until it changes (a sign-out, a revocation
   * or a deactivation invalidates it).
   */
  const accessOf = (userId: string) =>
    accounts.access(userId, async () => {
      const [active, revoked] = await Promise.all([
        usersRepository.isActive(db, userId),
        refreshTokensRepository.revokedFamilies(
          db,
          userId,
          new Date(clock.now().getTime() - accessTokens.ttlSeconds * 1000),
        ),
      ]);
      return { active, revoked };
    });

  /** Me from the database, and until when it holds by the clock (a pending email or a plan ending). */
  async function loadMe(userId: string): Promise<Timed<Me>> {
    const [row, subscription] = await Promise.all([
      usersRepository.findWithPendingEmail(db, userId, clock.now()),
      subscriptionOf(userId),
    ]);
    if (!row) throw unauthorized();
    return {
      value: toMe(row.user, row.pendingEmail, subscription.value),
      until: earliest(row.pendingEmailExpiresAt, subscription.until),
    };
  }

  const me = (userId: string) => accounts.profile(userId, () => loadMe(userId));

  /** Mails a one-time link that verifies the account's address (the confirm-email page spends it). */
  async function sendVerification(user: { id: string; email: string; locale: string }) {
    const token = randomToken();
    await emailChangesRepository.replace(db, {
      userId: user.id,
      newEmail: user.email,
      tokenHash: hashToken(token),
      expiresAt: new Date(clock.now().getTime() + EMAIL_CHANGE_TTL_HOURS * 60 * 60 * 1000),
    });
    const link = `${appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
    await mailer.send(verifyEmailMail(user.email, user.locale as Locale, link));
  }

  /** Starts a session for a user who proved who they are; signing in restores a deactivated account. */
  async function signInAs(user: UserRow, remember: boolean): Promise<TokenPair> {
    if (user.deactivatedAt) {
      await usersRepository.update(db, user.id, { deactivatedAt: null });
      await accountChanged(user.id);
      await onReactivated?.(user.id);
    }
    return issueTokens(user.id, remember);
  }

  return {
    issueTokens,
    signInAs,
    accountChanged,

    /** Signs out every session of the user: their access tokens stop working at once. */
    async revokeSessions(userId: string): Promise<void> {
      await refreshTokensRepository.revokeAllForUser(db, userId, clock.now());
      await accountChanged(userId);
    },

    /**
     * Whether an access token of this user and session still counts: the account exists and is
     * not deactivated, and the session was not signed out or revoked.
     */
    isActive: async (userId: string, sessionId: string) => {
      const { active, revoked } = await accessOf(userId);
      return active && !revoked.includes(sessionId);
    },

    async signup(
      input: {
        username: string;
        email: string;
        password: string;
        locale?: Locale;
        timezone?: string;
        /** Where the sign-up came from (GeoIP), for the country ranking. */
        country?: string | null;
      },
      /** Aborts when the client has gone: a hash still waiting its turn is then dropped. */
      signal?: AbortSignal,
    ): Promise<TokenPair> {
      if (isOffensive(input.username)) {
        throw badRequest('profile.username-offensive', { username: 'profile.username-offensive' });
      }
      const [emailTaken, usernameTaken] = await Promise.all([
        usersRepository.findByEmail(db, input.email),
        usersRepository.usernameTaken(db, input.username),
      ]);
      if (emailTaken) throw conflict('error.email-in-use', { email: 'error.email-in-use' });
      if (usernameTaken) throw conflict('profile.username-taken', { username: 'profile.username-taken' });
      const passwordHash = await hashPassword(input.password, signal);
      try {
        const user = await usersRepository.insert(db, {
          email: input.email,
          username: input.username,
          passwordHash,
          locale: input.locale ?? DEFAULT_LOCALE,
          timezone: input.timezone ?? 'UTC',
          country: input.country ?? null,
        });
        const tokens = await issueTokens(user.id, true);
        await sendVerification(user);
        return tokens;
      } catch (err) {
        // Two sign-ups raced for the same email or username.
        if (isUniqueViolation(err)) throw conflict('error.signup-failed');
        throw err;
      }
    },

    /** Mails the verification link again; 409 when the address is verified already. */
    async resendVerification(userId: string): Promise<void> {
      const user = await usersRepository.findById(db, userId);
      if (!user) throw unauthorized();
      if (user.emailVerifiedAt) {
        throw conflict('profile.email-already-verified', { email: 'profile.email-already-verified' });
      }
      await sendVerification(user);
      await accountChanged(userId);
    },

    async signin(
      input: { email: string; password: string; remember: boolean },
      /** Aborts when the client has gone: a hash still waiting its turn is then dropped. */
      signal?: AbortSignal,
    ): Promise<TokenPair> {
      const user = await usersRepository.findByEmail(db, input.email);
      const ok = await verifyPassword(user?.passwordHash ?? null, input.password, signal);
      if (!user || !ok) throw unauthorized('error.invalid-credentials');
      return signInAs(user, input.remember);
    },

    /** Rotates a refresh token. Presenting a spent one revokes every token of its family. */
    async refresh(token: string): Promise<TokenPair> {
      const now = clock.now();
      const hash = hashToken(token);
      const recent = recentRefreshes.get(hash);
      if (recent && now.getTime() - recent.at < REFRESH_GRACE_MS) return recent.pair;
      const row = await refreshTokensRepository.findByHash(db, hash);
      if (!row || row.revokedAt || row.expiresAt <= now) throw unauthorized('error.invalid-refresh-token');
      if (row.usedAt || !(await refreshTokensRepository.markUsed(db, row.id, now))) {
        // Spent at the same moment by another request of this instance: the same pair.
        const same = recentRefreshes.get(hash);
        if (same && now.getTime() - same.at < REFRESH_GRACE_MS) return same.pair;
        // Spent within the window by another instance (or just now): another pair of the session.
        if (now.getTime() - (row.usedAt ?? now).getTime() < REFRESH_GRACE_MS) {
          return issueTokens(row.userId, row.remember, row.familyId);
        }
        await refreshTokensRepository.revokeFamily(db, row.familyId, now);
        await accountChanged(row.userId);
        throw unauthorized('error.invalid-refresh-token');
      }
      const pair = issueTokens(row.userId, row.remember, row.familyId);
      recentRefreshes.set(hash, { at: now.getTime(), pair });
      return pair;
    },

    /** Ends the session of this refresh token: its access tokens stop working at once. */
    async logout(token: string): Promise<void> {
      const row = await refreshTokensRepository.findByHash(db, hashToken(token));
      if (!row) return;
      await refreshTokensRepository.revokeFamily(db, row.familyId, clock.now());
      recentRefreshes.delete(hashToken(token));
      await accountChanged(row.userId);
    },

    me,

    /** Mails a one-time link when the account exists; the caller cannot tell either way. */
    async requestPasswordReset(email: string): Promise<void> {
      const user = await usersRepository.findByEmail(db, email);
      if (!user) return;
      const token = randomToken();
      await resetTokensRepository.insert(db, {
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(clock.now().getTime() + RESET_TTL_MS),
      });
      const link = `${appUrl}/confirm-password?token=${encodeURIComponent(token)}`;
      await mailer.send(resetPasswordMail(user.email, user.locale as Locale, link));
    },

    /** Sets a new password from a reset link and signs out every session. */
    async resetPassword(token: string, password: string): Promise<void> {
      const invalid = () => badRequest('error.invalid-reset-link', { token: 'error.invalid-reset-link' });
      // The token is checked before the (deliberately slow) hashing: a wrong one costs nothing.
      if (!(await resetTokensRepository.isValid(db, hashToken(token), clock.now()))) throw invalid();
      const passwordHash = await hashPassword(password);
      const now = clock.now();
      const userId = await resetTokensRepository.consume(db, hashToken(token), now);
      if (!userId) throw invalid();
      const user = await usersRepository.update(db, userId, { passwordHash });
      await refreshTokensRepository.revokeAllForUser(db, userId, now);
      await accountChanged(userId);
      if (user) await mailer.send(passwordChangedMail(user.email, user.locale as Locale));
    },

    async completeOnboarding(userId: string, input: OnboardingBody): Promise<Me> {
      const user = await usersRepository.update(db, userId, {
        learningLanguage: input.language,
        proficiency: input.proficiency,
        motivation: input.motivation,
        onboardingCompleted: true,
      });
      if (!user) throw notFound();
      await accountChanged(userId);
      const onboarded = await me(userId);
      await onOnboarded?.(onboarded);
      return onboarded;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** What is known of each account (tests wait on its broadcasts from other instances). */
    accountCache: AccountCache<Me>;
  }
}
