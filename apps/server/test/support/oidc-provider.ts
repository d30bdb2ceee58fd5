/**
 * A real OpenID Connect provider (the `oidc-provider` package) on loopback, with one
 * client and one person. Its login and consent screens are answered automatically: the
 * person "signs in" as soon as the browser reaches them.
 */
import http from 'node:http';
import Provider from 'oidc-provider';

export const OIDC_CLIENT = { clientId: 'decor-portal', clientSecret: 'decor-portal-secret-for-tests-only' };
export const OIDC_PERSON = { sub: 'sso-person-1', email: 'sso.person@builder.example', name: 'Sam Single-Sign-On' };

export async function startOidcProvider(redirectUris: string[]) {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.clientId,
        client_secret: OIDC_CLIENT.clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, email: OIDC_PERSON.email, email_verified: true, name: OIDC_PERSON.name }),
    }),
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => false },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-cookie-key'] },
  });
  provider.proxy = false;
  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      void answerInteraction(provider, req, res);
      return;
    }
    callback(req, res);
  });
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function answerInteraction(provider: Provider, req: http.IncomingMessage, res: http.ServerResponse) {
  try {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: OIDC_PERSON.sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grant = new provider.Grant({ accountId: OIDC_PERSON.sub, clientId: OIDC_CLIENT.clientId });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  } catch (error) {
    res.statusCode = 500;
    res.end(String(error));
  }
}

/** A tiny cookie jar for the provider's own cookies while following its redirects. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(setCookie: string[] | string | undefined) {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, index).trim(), pair!.slice(index + 1));
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
