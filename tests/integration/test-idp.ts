import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small OpenID Connect provider for the staff console's tests, in this process on 127.0.0.1 at
 * a free port: discovery, JWKS, the authorization endpoint (it signs in `person` at once, as if
 * they had typed their password there), the token endpoint (client secret, single-use code,
 * redirect URI and PKCE S256 checked; an RS256 ID token with the nonce), UserInfo and
 * end-session.
 *
 * Written for the tests rather than using `oidc-provider`: its v9 supports Node 22 and later only,
 * and the site runs on Node 20. Only the tests use it; it signs with node:crypto alone.
 */
export interface TestPerson {
  sub: string;
  email?: string;
  email_verified?: unknown;
}

export interface AuthorizeRequest {
  params: Record<string, string>;
}

export interface TestIdp {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Redirect URIs the client may use (register the app's once its port is known). */
  readonly redirectUris: Set<string>;
  readonly postLogoutRedirectUris: Set<string>;
  /** Who the authorization endpoint signs in next. */
  person: TestPerson | undefined;
  /** Answer the authorization request with this `error=` instead (e.g. "access_denied"). */
  refuse: string | undefined;
  /** The token endpoint answers `invalid_grant` to every code. */
  failTokens: boolean;
  /** The ID token carries no e-mail address: it is only in UserInfo. */
  emailInUserinfoOnly: boolean;
  /** Every authorization request's parameters, oldest first. */
  readonly authorizeRequests: AuthorizeRequest[];
  /** How many token requests were answered with tokens. */
  tokensIssued: number;
  close(): Promise<void>;
}

interface Grant {
  redirectUri: string;
  challenge: string;
  nonce: string;
  person: TestPerson;
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString("base64url");

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** RFC 6749 §2.3.1: the id and secret are form-encoded before Basic's base64. */
const formDecode = (value: string) => decodeURIComponent(value.replace(/\+/g, " "));

export async function startTestIdp(
  opts: { clientId?: string; clientSecret?: string } = {},
): Promise<TestIdp> {
  const clientId = opts.clientId ?? "cedarport-staff-console";
  const clientSecret = opts.clientSecret ?? randomBytes(24).toString("base64url");
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = randomBytes(8).toString("hex");
  const jwk = { ...publicKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" };
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, TestPerson>();
  let issuer = "";

  const idToken = (claims: Record<string, unknown>) => {
    const header = b64url(JSON.stringify({ alg: "RS256", typ: "JWT", kid }));
    const payload = b64url(JSON.stringify(claims));
    const signature = sign("sha256", Buffer.from(`${header}.${payload}`), privateKey);
    return `${header}.${payload}.${b64url(signature)}`;
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(JSON.stringify(body));
  };
  const redirect = (res: ServerResponse, to: URL) => {
    res.writeHead(302, { location: to.href });
    res.end();
  };

  const idp: TestIdp = {
    get issuer() {
      return issuer;
    },
    clientId,
    clientSecret,
    redirectUris: new Set(),
    postLogoutRedirectUris: new Set(),
    person: undefined,
    refuse: undefined,
    failTokens: false,
    emailInUserinfoOnly: false,
    authorizeRequests: [],
    tokensIssued: 0,
    close: () => Promise.resolve(),
  };

  function authorize(url: URL, res: ServerResponse) {
    const params = Object.fromEntries(url.searchParams);
    idp.authorizeRequests.push({ params });
    const redirectUri = params.redirect_uri ?? "";
    // An unknown client or redirect URI is never redirected to (RFC 6749 §4.1.2.1).
    if (params.client_id !== clientId || !idp.redirectUris.has(redirectUri)) {
      res.writeHead(400, { "content-type": "text/plain" });
      res.end("unknown client or redirect_uri");
      return;
    }
    const back = new URL(redirectUri);
    if (params.state) back.searchParams.set("state", params.state);
    const fail = (error: string) => {
      back.searchParams.set("error", error);
      redirect(res, back);
    };
    if (params.response_type !== "code") return fail("unsupported_response_type");
    if (!(params.scope ?? "").split(" ").includes("openid")) return fail("invalid_scope");
    if (params.code_challenge_method !== "S256" || !params.code_challenge || !params.nonce)
      return fail("invalid_request");
    if (idp.refuse) return fail(idp.refuse);
    if (!idp.person) return fail("login_required");
    const code = randomBytes(24).toString("base64url");
    grants.set(code, {
      redirectUri,
      challenge: params.code_challenge,
      nonce: params.nonce,
      person: { ...idp.person },
    });
    back.searchParams.set("code", code);
    redirect(res, back);
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    let id = form.get("client_id");
    let secret = form.get("client_secret");
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "");
    if (basic?.[1]) {
      const [user = "", pass = ""] = Buffer.from(basic[1], "base64").toString("utf8").split(":");
      id = formDecode(user);
      secret = formDecode(pass);
    }
    if (id !== clientId || secret !== clientSecret) return json(res, 401, { error: "invalid_client" });
    if (form.get("grant_type") !== "authorization_code")
      return json(res, 400, { error: "unsupported_grant_type" });
    const code = form.get("code") ?? "";
    const grant = grants.get(code);
    grants.delete(code);
    if (!grant || idp.failTokens)
      return json(res, 400, { error: "invalid_grant", error_description: "no such code" });
    if (form.get("redirect_uri") !== grant.redirectUri)
      return json(res, 400, { error: "invalid_grant", error_description: "redirect_uri differs" });
    const verifier = form.get("code_verifier") ?? "";
    if (b64url(createHash("sha256").update(verifier).digest()) !== grant.challenge)
      return json(res, 400, { error: "invalid_grant", error_description: "PKCE verification failed" });
    const now = Math.floor(Date.now() / 1000);
    const { sub, email, email_verified } = grant.person;
    const claims: Record<string, unknown> = {
      iss: issuer,
      sub,
      aud: clientId,
      iat: now,
      exp: now + 300,
      nonce: grant.nonce,
    };
    if (!idp.emailInUserinfoOnly) {
      if (email !== undefined) claims.email = email;
      if (email_verified !== undefined) claims.email_verified = email_verified;
    }
    const accessToken = randomBytes(24).toString("base64url");
    accessTokens.set(accessToken, grant.person);
    idp.tokensIssued++;
    json(res, 200, {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: 300,
      scope: "openid email",
      id_token: idToken(claims),
    });
  }

  function userinfo(req: IncomingMessage, res: ServerResponse) {
    const person = accessTokens.get(/^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "");
    if (!person) {
      res.writeHead(401, { "www-authenticate": 'Bearer error="invalid_token"' });
      res.end();
      return;
    }
    json(res, 200, person);
  }

  function endSession(url: URL, res: ServerResponse) {
    const to = url.searchParams.get("post_logout_redirect_uri") ?? "";
    if (url.searchParams.get("client_id") !== clientId || !idp.postLogoutRedirectUris.has(to)) {
      res.writeHead(400, { "content-type": "text/plain" });
      res.end("unknown post_logout_redirect_uri");
      return;
    }
    redirect(res, new URL(to));
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    const route = `${req.method} ${url.pathname}`;
    (async () => {
      switch (route) {
        case "GET /.well-known/openid-configuration":
          return json(res, 200, {
            issuer,
            authorization_endpoint: `${issuer}/authorize`,
            token_endpoint: `${issuer}/token`,
            userinfo_endpoint: `${issuer}/userinfo`,
            jwks_uri: `${issuer}/jwks`,
            end_session_endpoint: `${issuer}/logout`,
            response_types_supported: ["code"],
            subject_types_supported: ["public"],
            id_token_signing_alg_values_supported: ["RS256"],
            code_challenge_methods_supported: ["S256"],
            token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
            scopes_supported: ["openid", "email", "profile"],
          });
        case "GET /jwks":
          return json(res, 200, { keys: [jwk] });
        case "GET /authorize":
          return authorize(url, res);
        case "POST /token":
          return token(req, res);
        case "GET /userinfo":
          return userinfo(req, res);
        case "GET /logout":
          return endSession(url, res);
        default:
          res.writeHead(404);
          res.end();
      }
    })().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  idp.close = () =>
    new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    });
  return idp;
}

/** An address on this machine where nothing listens (a provider that is down). */
export async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
