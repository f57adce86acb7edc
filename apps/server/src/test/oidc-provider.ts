import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (npm `oidc-provider`, certified) on 127.0.0.1, for the Google
 * sign-in tests (decision 0046): its own signing keys, discovery document and JWKS, and its
 * development login and consent pages, which `authorize` fills in as a person would.
 */

export interface TTestAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export interface TTestProvider {
  issuer: string;
  /** Follows an authorization address through login (as `login`) and consent to the redirect; answers the fragment's parameters. */
  authorize(authorizationUrl: string, login: string): Promise<URLSearchParams>;
  close(): Promise<void>;
}

/** `clients` are client ids, each allowed `redirectUri` and ID tokens in the fragment (response_type=id_token). */
export async function startOidcProvider(options: { clients: string[]; redirectUri: string; accounts: Record<string, TTestAccount> }): Promise<TTestProvider> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: options.clients.map((id) => ({
      client_id: id,
      // A native client may use an http loopback redirect (a web client using response_type=id_token must use https).
      application_type: 'native',
      redirect_uris: [options.redirectUri],
      response_types: ['id_token'],
      grant_types: ['implicit'],
      token_endpoint_auth_method: 'none',
    })),
    responseTypes: ['id_token'],
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    cookies: { keys: ['oidc-test-cookie-key'] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, IdToken: 3600 },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx, id) => {
      const account = options.accounts[id];
      return account ? { accountId: id, claims: () => ({ sub: id, ...account }) } : undefined;
    },
  });
  server.on('request', provider.callback());

  async function authorize(authorizationUrl: string, login: string) {
    const jar = new Map<string, string>();
    let url = authorizationUrl;
    let form: URLSearchParams | null = null;
    for (let step = 0; step < 12; step++) {
      const res = await fetch(url, {
        method: form ? 'POST' : 'GET',
        redirect: 'manual',
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        body: form?.toString(),
      });
      for (const cookie of res.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        const at = pair.indexOf('=');
        const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
        if (value) jar.set(name, value);
        else jar.delete(name);
      }
      form = null;
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        const next = new URL(location, url);
        if (next.toString().startsWith(options.redirectUri)) return new URLSearchParams(next.hash.slice(1) || next.search.slice(1));
        url = next.toString();
        continue;
      }
      const page = await res.text();
      if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${page.slice(0, 300)}`);
      if (page.includes('name="prompt" value="login"')) form = new URLSearchParams({ prompt: 'login', login, password: 'any' });
      else if (page.includes('name="prompt" value="consent"')) form = new URLSearchParams({ prompt: 'consent' });
      else throw new Error(`unexpected provider page: ${page.slice(0, 300)}`);
    }
    throw new Error('the provider did not redirect back');
  }

  return {
    issuer,
    authorize,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
