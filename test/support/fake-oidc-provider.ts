// A fake OpenID Connect identity provider on 127.0.0.1 (Google's part of "Continue with Google"): discovery, JWKS,
// an authorization endpoint that "signs in" whoever the test chose and redirects back with a code, and a token
// endpoint that checks the client secret and the PKCE verifier and answers an RS256-signed ID token (jose).
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

export interface FakeUser {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface FakeOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who "signs in" at the authorization endpoint next. */
  user: FakeUser;
  /** Puts this nonce in the ID token instead of the one the client sent (a replayed or mixed-up token). */
  nonceOverride: string | undefined;
  /** Token requests received, in order. */
  tokenRequests: URLSearchParams[];
  close(): Promise<void>;
}

interface IssuedCode {
  redirectUri: string;
  codeChallenge: string;
  nonce: string;
  user: FakeUser;
}

// An RSA key pair costs a sixth of a second of CPU to make, and most tests start a provider of their own:
// the providers of one test file share one pair (each still has its own server, codes and users).
let sharedKeyPair: ReturnType<typeof generateKeyPair> | undefined;

export async function startFakeOidcProvider(): Promise<FakeOidcProvider> {
  const { publicKey, privateKey } = await (sharedKeyPair ??= generateKeyPair('RS256'));
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'fake-key-1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, IssuedCode>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider: FakeOidcProvider = {
    issuer,
    clientId: 'stampwise-test-client',
    clientSecret: 'stampwise-test-secret',
    user: { sub: 'google-user-1', email: 'owner@gmail.example', email_verified: true, name: 'Robin Roaster' },
    nonceOverride: undefined,
    tokenRequests: [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const json = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  const idToken = (key: CryptoKey, code: IssuedCode) =>
    new SignJWT({ email: code.user.email, email_verified: code.user.email_verified, name: code.user.name, nonce: provider.nonceOverride ?? code.nonce })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
      .setIssuer(issuer)
      .setAudience(provider.clientId)
      .setSubject(code.user.sub)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);

  server.on('request', (request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(response, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      });
    }
    if (url.pathname === '/jwks') return json(response, 200, { keys: [jwk] });
    if (url.pathname === '/authorize') {
      const params = url.searchParams;
      if (params.get('client_id') !== provider.clientId || params.get('code_challenge_method') !== 'S256') return json(response, 400, { error: 'invalid_request' });
      const code = crypto.randomBytes(16).toString('base64url');
      codes.set(code, { redirectUri: params.get('redirect_uri') ?? '', codeChallenge: params.get('code_challenge') ?? '', nonce: params.get('nonce') ?? '', user: { ...provider.user } });
      const back = new URL(params.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', params.get('state') ?? '');
      response.writeHead(302, { location: back.href }).end();
      return;
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      let body = '';
      request.on('data', (chunk: Buffer) => { body += chunk.toString(); });
      request.on('end', () => {
        const form = new URLSearchParams(body);
        provider.tokenRequests.push(form);
        const code = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (form.get('client_id') !== provider.clientId || form.get('client_secret') !== provider.clientSecret) return json(response, 401, { error: 'invalid_client' });
        if (!code || form.get('grant_type') !== 'authorization_code' || form.get('redirect_uri') !== code.redirectUri) return json(response, 400, { error: 'invalid_grant' });
        const challenge = crypto.createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url');
        if (challenge !== code.codeChallenge) return json(response, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
        void idToken(privateKey, code).then((token) => json(response, 200, { access_token: 'fake-access-token', token_type: 'Bearer', expires_in: 300, id_token: token }));
      });
      return;
    }
    json(response, 404, { error: 'not_found' });
  });
  return provider;
}
