import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export interface ProviderAccount {
  email: string;
  email_verified: boolean;
  name: string;
}

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

/** A port free right now, for a server whose URL must be known before it starts. */
export async function freePort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A real OpenID provider (oidc-provider) on a local port standing in for Google: one client with
 * our callback, and a sign-in page that at once logs in as the account last given to `signInAs`,
 * with every scope granted.
 */
export async function startOidcProvider(client: { id: string; secret: string; redirectUri: string }) {
  const accounts = new Map<string, ProviderAccount>();
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  let current = '';
  const server = createServer();
  const port = await listen(server);
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.id,
        client_secret: client.secret,
        redirect_uris: [client.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Like Google: the ID token itself carries email and name.
    conformIdTokenClaims: false,
    cookies: { keys: ['oidc-test-cookie-key'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    features: { devInteractions: { enabled: false } },
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig' }] },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      return account && { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const handle = provider.callback();
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      provider
        .interactionFinished(req, res, { login: { accountId: current } }, { mergeWithLastSubmission: false })
        .catch((err: unknown) => res.writeHead(400).end(String(err)));
    } else {
      handle(req, res);
    }
  });

  return {
    issuer,
    /** Signs the next sign-ins in as this account. */
    signInAs(id: string, account: ProviderAccount) {
      accounts.set(id, account);
      current = id;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Follows a browser's redirects from `response` (with the cookies it is given on the way) until one
 * leaves for a page of the web app at `webOrigin` (not /api), and returns that URL. `rewrite` may
 * change a URL before it is requested, as an attacker would.
 */
export async function followRedirects(
  response: Response,
  webOrigin: string,
  rewrite: (url: URL) => URL = (url) => url,
  /** Headers every hop carries, e.g. the country a CDN in front adds. */
  headers: Record<string, string> = {},
  /** The browser's cookies, kept across hops (and readable after). */
  cookies = new Map<string, string>(),
): Promise<URL> {
  for (let hop = 0; hop < 15; hop += 1) {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`expected a redirect, got ${response.status}: ${await response.text()}`);
    const next = rewrite(new URL(location, response.url));
    if (next.origin === webOrigin && !next.pathname.startsWith('/api/')) return next;
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    response = await fetch(next, { redirect: 'manual', headers: cookie ? { ...headers, cookie } : headers });
  }
  throw new Error('too many redirects');
}
