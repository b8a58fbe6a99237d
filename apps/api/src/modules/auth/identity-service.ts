import { DEFAULT_LOCALE, LOCALES, type Connection, type IdentityProvider, type Locale } from '@lendo/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, conflict, notFound, serviceUnavailable, unauthorized } from '../../lib/errors.ts';
import type { OidcClient, OidcIdentity } from '../../lib/oidc-client.ts';
import {
  identitiesRepository,
  oidcStatesRepository,
  usersRepository,
  type IdentityRow,
  type UserRow,
} from './repository.ts';
import { isUniqueViolation, type AuthService } from './service.ts';
import { usernameCandidates } from './username-filter.ts';

/** How long a sign-in at the provider may take, from our redirect to its callback. */
const SIGN_IN_TTL_MS = 10 * 60 * 1000;
/** Usernames tried for a new account before giving up (each taken one costs a query). */
const USERNAME_ATTEMPTS = 5;
const GOOGLE: IdentityProvider = 'google';

export interface IdentityDeps {
  db: Db;
  clock: Clock;
  appUrl: string;
  auth: AuthService;
  /** Google's OpenID client; null when Google sign-in is not configured. */
  google: OidcClient | null;
  log: FastifyBaseLogger;
}

/** The first interface language of an Accept-Language header that we have, else the default. */
function localeOf(acceptLanguage: string | undefined): Locale {
  const tags = (acceptLanguage ?? '').split(',').map((part) => part.trim().slice(0, 2).toLowerCase());
  return LOCALES.find((locale) => tags.includes(locale)) ?? DEFAULT_LOCALE;
}

const base64 = (token: string) => encodeURIComponent(Buffer.from(token).toString('base64'));

const toConnection = (identity: IdentityRow): Connection => ({
  provider: identity.provider as IdentityProvider,
  email: identity.email,
  created_at: identity.createdAt.toISOString(),
});

/**
 * Sign-in with Google (OpenID Connect) and the accounts linked from settings ("connections").
 * The browser-facing steps answer with where to redirect, never with an error page.
 */
export function createIdentityService({ db, clock, appUrl, auth, google, log }: IdentityDeps) {
  const signInFailed = `${appUrl}/login?error=profile.google-failed`;
  const settingsPage = (query: string) => `${appUrl}/settings/profile?${query}`;

  /** Starts a sign-in (or, with `userId`, a link) at Google and returns its page. */
  async function start(userId: string | null): Promise<string> {
    // Not configured here: nothing to retry, so not a 5xx.
    if (!google) throw new AppError(404, 'profile.google-failed');
    const secrets = google.newSecrets();
    let url;
    try {
      url = await google.authorizationUrl(secrets);
    } catch (err) {
      throw serviceUnavailable('profile.google-failed', err);
    }
    const now = clock.now();
    await oidcStatesRepository.insert(
      db,
      { ...secrets, provider: GOOGLE, userId, expiresAt: new Date(now.getTime() + SIGN_IN_TTL_MS) },
      now,
    );
    return url;
  }

  /** A new account for someone Google vouches for: no password, onboarding still to do. */
  async function createUser(who: OidcIdentity, locale: Locale, country: string | null): Promise<UserRow> {
    const candidates = usernameCandidates(who.email.split('@')[0] ?? '');
    for (let attempt = 0; attempt < USERNAME_ATTEMPTS; attempt += 1) {
      const username = candidates.next().value!;
      if (await usersRepository.usernameTaken(db, username)) continue;
      try {
        return await db.transaction(async (tx) => {
          const user = await usersRepository.insert(tx, {
            email: who.email,
            username,
            name: who.name.slice(0, 100),
            locale,
            country,
            emailVerifiedAt: clock.now(),
          });
          await identitiesRepository.link(tx, {
            userId: user.id,
            provider: GOOGLE,
            subject: who.subject,
            email: who.email,
          });
          return user;
        });
      } catch (err) {
        // The username (or the account itself) was taken meanwhile; try the next name.
        if (!isUniqueViolation(err)) throw err;
      }
    }
    throw new Error('no free username for a new Google account');
  }

  /**
   * The user Google's answer signs in: the one it is linked to; else, when Google has verified the
   * email (an unverified one could claim someone else's address), the account with that email,
   * which gets linked, or a new account.
   */
  async function userFor(who: OidcIdentity, locale: Locale, country: string | null): Promise<UserRow> {
    const identity = await identitiesRepository.find(db, GOOGLE, who.subject);
    const linked = identity && (await usersRepository.findById(db, identity.userId));
    if (linked) return linked;
    if (!who.emailVerified) throw new Error('Google has not verified the email');
    const sameEmail = await usersRepository.findByEmail(db, who.email);
    if (!sameEmail) return createUser(who, locale, country);
    await identitiesRepository.link(db, {
      userId: sameEmail.id,
      provider: GOOGLE,
      subject: who.subject,
      email: who.email,
    });
    if (!sameEmail.emailVerifiedAt) {
      await usersRepository.update(db, sameEmail.id, { emailVerifiedAt: clock.now() });
      await auth.accountChanged(sameEmail.id);
    }
    return sameEmail;
  }

  /** Links the Google account to a signed-in user, unless it is another user's. */
  async function link(userId: string, who: OidcIdentity): Promise<string> {
    const inUse = settingsPage('error=profile.google-in-use');
    const identity = await identitiesRepository.find(db, GOOGLE, who.subject);
    if (identity && identity.userId !== userId) return inUse;
    try {
      await identitiesRepository.link(db, {
        userId,
        provider: GOOGLE,
        subject: who.subject,
        email: who.email,
      });
    } catch (err) {
      if (isUniqueViolation(err)) return inUse;
      throw err;
    }
    return settingsPage('connected=google');
  }

  return {
    enabled: google !== null,
    /** Where the browser goes when a sign-in fails. */
    signInFailed,

    /** GET /auth/google/start/: Google's sign-in page, or the login page with an error. */
    async signInUrl(): Promise<string> {
      try {
        return await start(null);
      } catch (err) {
        log.warn({ err }, 'Google sign-in could not start');
        return signInFailed;
      }
    },

    /** POST /auth/google/link/: Google's page for linking an account to the signed-in user. */
    linkUrl: (userId: string) => start(userId),

    /**
     * GET /auth/google/callback/: finishes a sign-in or a link and says where the browser goes
     * next: the web's /social-callback with the tokens, settings, or the login page with an error.
     * A new account takes `country`, where the request comes from (the country ranking's default).
     * After a sign-in, `email` names the account, so the browser can be remembered as its owner's.
     */
    async callback(
      search: string,
      acceptLanguage: string | undefined,
      country: string | null,
    ): Promise<{ location: string; email?: string }> {
      let linking = false;
      try {
        const state = new URLSearchParams(search).get('state');
        const flow = state ? await oidcStatesRepository.take(db, state, clock.now()) : null;
        if (!flow || !google) return { location: signInFailed };
        linking = flow.userId !== null;
        const who = await google.identify(search, flow);
        if (flow.userId) return { location: await link(flow.userId, who) };
        const user = await userFor(who, localeOf(acceptLanguage), country);
        const tokens = await auth.signInAs(user, true);
        return {
          location: `${appUrl}/social-callback?token=${base64(tokens.access)}&refresh=${base64(tokens.refresh)}`,
          email: user.email,
        };
      } catch (err) {
        log.warn({ err }, 'Google sign-in failed');
        return { location: linking ? settingsPage('error=profile.google-failed') : signInFailed };
      }
    },

    async connections(userId: string): Promise<Connection[]> {
      return (await identitiesRepository.listForUser(db, userId)).map(toConnection);
    },

    /** Unlinks a provider, unless it is the only way left to sign in (no password). */
    async unlink(userId: string, provider: IdentityProvider): Promise<Connection[]> {
      const [user, linked] = await Promise.all([
        usersRepository.findById(db, userId),
        identitiesRepository.listForUser(db, userId),
      ]);
      if (!user) throw unauthorized();
      if (!linked.some((identity) => identity.provider === provider)) throw notFound();
      if (!user.passwordHash && linked.length === 1) {
        throw conflict('profile.last-sign-in-method');
      }
      await identitiesRepository.unlink(db, userId, provider);
      return linked.filter((identity) => identity.provider !== provider).map(toConnection);
    },
  };
}
export type IdentityService = ReturnType<typeof createIdentityService>;
