// A local OpenID Connect provider speaking the real protocol (discovery, JWKS, /authorize with
// PKCE, /token returning an RS256-signed ID token carrying the nonce), from oauth2-mock-server.
// Tests choose who signs in by setting `identity` before a flow.
import { OAuth2Server } from 'oauth2-mock-server';

export type MockIssuer = {
  url: string;
  /** Claims the next ID tokens carry: email, email_verified, name… */
  identity: Record<string, unknown>;
  /** Form bodies the token endpoint received, oldest first. */
  tokenRequests: URLSearchParams[];
  /** When set, the next token response carries this ID token instead of the one the mock signed. */
  nextIdToken: string | undefined;
  close: () => Promise<void>;
};

export async function startMockIssuer(): Promise<MockIssuer> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  // The mock names itself `localhost`; 127.0.0.1 keeps every request on the address it listens on.
  const url = `http://127.0.0.1:${server.address().port}`;
  server.issuer.url = url;
  const mock: MockIssuer = { url, identity: {}, tokenRequests: [], nextIdToken: undefined, close: () => server.stop() };
  server.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, mock.identity);
  });
  server.service.on('beforeResponse', (response, req) => {
    mock.tokenRequests.push(new URLSearchParams(req.body as Record<string, string>));
    if (mock.nextIdToken && typeof response.body === 'object' && response.body) {
      Object.assign(response.body, { id_token: mock.nextIdToken });
      mock.nextIdToken = undefined;
    }
  });
  return mock;
}
