import * as oidc from 'openid-client';

export interface OidcSettings {
  /** The provider's issuer, e.g. https://accounts.google.com; its metadata is discovered from it. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Our callback, as registered at the provider. */
  redirectUri: string;
}

/** The secrets of one sign-in, kept on our side between the redirect and the callback. */
export interface OidcSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Who the provider says signed in, from its verified ID token. */
export interface OidcIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

/**
 * An OpenID Connect provider (Google) through openid-client: authorization code flow with PKCE,
 * state and nonce. Discovery happens on first use and is retried after a failure.
 */
export function createOidcClient(settings: OidcSettings) {
  let configuration: Promise<oidc.Configuration> | null = null;

  function discover(): Promise<oidc.Configuration> {
    const issuer = new URL(settings.issuer);
    configuration ??= oidc
      .discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
        // Only a local test provider is plain http.
        execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      })
      .catch((err: unknown) => {
        configuration = null;
        throw err;
      });
    return configuration;
  }

  return {
    newSecrets: (): OidcSecrets => ({
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    }),

    /** The provider's page that asks the user to sign in. */
    async authorizationUrl(secrets: OidcSecrets): Promise<string> {
      const config = await discover();
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: 'openid email profile',
        state: secrets.state,
        nonce: secrets.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(secrets.codeVerifier),
        code_challenge_method: 'S256',
      }).href;
    },

    /**
     * Exchanges the code of the callback (its query string) for tokens and returns who signed in.
     * Throws on anything wrong: a provider error, a state, nonce or PKCE mismatch, a bad ID token.
     */
    async identify(search: string, secrets: OidcSecrets): Promise<OidcIdentity> {
      const config = await discover();
      const callbackUrl = new URL(settings.redirectUri);
      callbackUrl.search = search;
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: secrets.codeVerifier,
        expectedState: secrets.state,
        expectedNonce: secrets.nonce,
      });
      const claims = tokens.claims();
      if (!claims || typeof claims.email !== 'string' || !claims.email) {
        throw new Error('the ID token carries no email');
      }
      return {
        subject: claims.sub,
        email: claims.email.toLowerCase(),
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : '',
      };
    },
  };
}
export type OidcClient = ReturnType<typeof createOidcClient>;
