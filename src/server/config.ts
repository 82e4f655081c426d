import { resolve } from "node:path";
import {
  readStaffSignIn,
  StaffSignInConfigError,
  type StaffSignInSettings,
} from "../back-office/oidc-settings";
import { serverSecret } from "./secrets";

/**
 * Everything the server reads from its environment, with the embedded defaults. `APP_ENV=production`
 * marks a city's real deployment: then the settings a public site cannot do without are required
 * and the server refuses to start without them (docs/deploy.md). Without it the site runs on its
 * embedded defaults and answers only to its own origin and to this machine's loopback names.
 */
export interface ServerConfig {
  port: number;
  host: string;
  /** WEB_CONCURRENCY: web processes sharing the port (src/server/cluster.ts); 1 in development. */
  processes: number;
  root: string;
  dataDir: string;
  contentDir: string;
  workflowsDir: string;
  databaseUrl: string | undefined;
  draftToken: string;
  /** Signs cookies (journeys, CSRF tokens, the preview and staff sessions). */
  sessionSecret: string;
  /** Earlier session secrets, newest first: cookies they signed are still accepted (rotation). */
  previousSessionSecrets: string[];
  dev: boolean;
  /** A city's real deployment (APP_ENV=production): required settings, HSTS, `Secure` cookies. */
  production: boolean;
  /** The one origin absolute links are built from (canonical, hreflang, e-mailed links). */
  publicOrigin: string;
  /** Host names (with port where not default) the site answers to; any other gets 421. */
  allowedHosts: string[];
  /** Cookies carry `Secure` (the public origin is https). */
  secureCookies: boolean;
  /** Express's `trust proxy` setting: which proxies' X-Forwarded-* headers are believed. */
  trustProxy: boolean | number | string;
  pageCacheSeconds: number;
  /** Rate limits and other cross-process state go to Redis when set; memory otherwise. */
  redisUrl: string | undefined;
  /** Encrypts sensitive answers at rest (32 bytes, base64); earlier keys still decrypt. */
  dataKey: string;
  previousDataKeys: string[];
  /** Submitted requests are deleted this many days after they were made. */
  retentionDays: number;
  /** `smtp://` or `smtps://` URL of the city's mail relay; unset: e-mails are files in data/outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Who takes payments (PAYMENT_PROVIDER; docs/payments.md): the embedded sandbox, or Stripe Checkout. */
  paymentProvider: PaymentProviderConfig;
  /**
   * A setting a workflow file names (a delivery webhook's address and secret, `urlEnv` and
   * `secretEnv`): the files hold the names, the environment the values, which differ between test
   * and production. Undefined when unset or empty.
   */
  deliverySetting: (name: string) => string | undefined;
  /** How staff sign in to /staff: passwords, the city's identity provider (STAFF_OIDC_*), or both. */
  staffSignIn: StaffSignInSettings;
  /** Where residents' uploaded documents are kept (UPLOAD_STORAGE): DATA_DIR/uploads, or an S3 bucket. */
  uploadStorage: UploadStorageConfig;
}

/** What a real deployment must set; the messages say why. */
const REQUIRED_IN_PRODUCTION: [name: string, why: string][] = [
  ["PUBLIC_ORIGIN", "the https:// address residents use; links and e-mails are built from it"],
  ["SESSION_SECRET", "signs residents' cookies; every web process must share it"],
  ["DRAFT_TOKEN", "the editors' draft-preview credential"],
  ["DATA_KEY", "encrypts sensitive answers at rest (openssl rand -base64 32)"],
  ["DATABASE_URL", "the PostgreSQL database every web process shares"],
  ["SMTP_URL", "the mail relay that sends receipts and saved links"],
];

export class ConfigError extends Error {}

/** WEB_CONCURRENCY's bound: far above any one machine's cores, below a typo's thousands. */
const MAX_PROCESSES = 64;

/** As src/integrations/payments/index.ts takes it (kept here so reading the config imports no integration). */
export type PaymentProviderConfig =
  | { kind: "sandbox" }
  | { kind: "stripe"; secretKey: string; apiBase?: string };

/**
 * PAYMENT_PROVIDER=sandbox (default) or stripe. Stripe needs STRIPE_SECRET_KEY, in any mode;
 * STRIPE_API_BASE points it at a test double, and in production may only be an https:// address.
 */
function readPaymentProvider(env: NodeJS.ProcessEnv, production: boolean): PaymentProviderConfig {
  const kind = env.PAYMENT_PROVIDER || "sandbox";
  if (kind === "sandbox") return { kind };
  if (kind !== "stripe") throw new ConfigError(`PAYMENT_PROVIDER must be sandbox or stripe, got ${kind}`);
  const secretKey = env.STRIPE_SECRET_KEY;
  if (!secretKey)
    throw new ConfigError(
      "PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, the city's Stripe secret key (docs/payments.md)",
    );
  const apiBase = env.STRIPE_API_BASE || undefined;
  if (apiBase !== undefined && !/^https?:\/\//.test(apiBase))
    throw new ConfigError(`STRIPE_API_BASE must be an http(s):// address, got ${apiBase}`);
  if (apiBase !== undefined && production && !apiBase.startsWith("https://"))
    throw new ConfigError("APP_ENV=production: STRIPE_API_BASE must be an https:// address");
  return apiBase ? { kind, secretKey, apiBase } : { kind, secretKey };
}

/** As src/server/uploads/s3-storage.ts takes it: an S3-compatible bucket (docs/deploy.md). */
export interface S3StorageConfig {
  kind: "s3";
  /** The service's address without the bucket: https://s3.<region>.amazonaws.com unless S3_ENDPOINT says. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The bucket in the path (https://host/bucket/key) rather than the host name (MinIO, most self-hosted). */
  forcePathStyle: boolean;
  /** Put before each file's id in its object key ("" or e.g. "uploads/"). */
  prefix: string;
  /** Each request to the bucket is given up after this long. */
  timeoutMs: number;
}

export type UploadStorageConfig = { kind: "folder" } | S3StorageConfig;

const REQUIRED_FOR_S3: [name: string, why: string][] = [
  ["S3_BUCKET", "the bucket the documents go to (private: docs/deploy.md)"],
  ["S3_REGION", "the bucket's region, which requests are signed for (us-east-1, auto for R2…)"],
  ["S3_ACCESS_KEY_ID", "the access key of an account that may put, get and delete objects in the bucket"],
  ["S3_SECRET_ACCESS_KEY", "that access key's secret"],
];

/**
 * UPLOAD_STORAGE=folder (default: DATA_DIR/uploads) or s3. For s3 every setting it cannot do without
 * is named at once, so a city fixes its configuration in one go rather than one restart per setting.
 */
function readUploadStorage(env: NodeJS.ProcessEnv, production: boolean): UploadStorageConfig {
  const kind = env.UPLOAD_STORAGE || "folder";
  if (kind === "folder") return { kind };
  if (kind !== "s3") throw new ConfigError(`UPLOAD_STORAGE must be folder or s3, got ${kind}`);
  const missing = REQUIRED_FOR_S3.filter(([name]) => !env[name]);
  if (missing.length > 0)
    throw new ConfigError(
      `UPLOAD_STORAGE=s3 needs these settings (docs/deploy.md):\n${missing.map(([n, why]) => `  ${n}: ${why}`).join("\n")}`,
    );
  const region = env.S3_REGION as string;
  const endpoint = (env.S3_ENDPOINT || `https://s3.${region}.amazonaws.com`).replace(/\/+$/, "");
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new ConfigError(
      `S3_ENDPOINT must be an http(s):// address such as https://s3.us-east-1.amazonaws.com, got ${endpoint}`,
    );
  }
  if (!/^https?:$/.test(url.protocol) || url.pathname !== "/" || url.search || url.username)
    throw new ConfigError(
      `S3_ENDPOINT must be an http(s):// address with no path, such as https://s3.us-east-1.amazonaws.com, got ${endpoint}`,
    );
  // Residents' documents cross the network sealed, but the credentials' signatures and the
  // objects' names would not be private over plain http.
  if (production && url.protocol !== "https:")
    throw new ConfigError("APP_ENV=production: S3_ENDPOINT must be an https:// address");
  const bucket = env.S3_BUCKET as string;
  // S3's rules for bucket names (3-63 lower-case letters, digits, dots and hyphens).
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new ConfigError(
      `S3_BUCKET must be a bucket name (lower-case letters, digits, dots, hyphens), got ${bucket}`,
    );
  const pathStyle = env.S3_FORCE_PATH_STYLE ?? "";
  if (!["", "true", "false"].includes(pathStyle))
    throw new ConfigError(`S3_FORCE_PATH_STYLE must be true or false, got ${pathStyle}`);
  const prefix = env.S3_PREFIX ?? "";
  // Characters that need no encoding in a URL path, so the signed path is the one sent.
  if (!/^[A-Za-z0-9._/-]*$/.test(prefix) || prefix.startsWith("/"))
    throw new ConfigError(`S3_PREFIX may hold letters, digits, . _ - and / (not first), got ${prefix}`);
  const timeoutSeconds = Number(env.S3_TIMEOUT_SECONDS || 20);
  if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0)
    throw new ConfigError(`S3_TIMEOUT_SECONDS must be a number of seconds, got ${env.S3_TIMEOUT_SECONDS}`);
  return {
    kind,
    endpoint: url.origin,
    region,
    bucket,
    accessKeyId: env.S3_ACCESS_KEY_ID as string,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY as string,
    forcePathStyle: pathStyle === "true",
    prefix,
    timeoutMs: Math.round(timeoutSeconds * 1000),
  };
}

function readStaffSignInOrRefuse(env: NodeJS.ProcessEnv, production: boolean, publicOrigin?: string) {
  try {
    return readStaffSignIn(env, { production, publicOrigin });
  } catch (error) {
    throw error instanceof StaffSignInConfigError ? new ConfigError(error.message) : error;
  }
}

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === "") return "loopback";
  if (value === "true" || value === "false") return value === "true";
  return /^\d+$/.test(value) ? Number(value) : value;
}

export function readConfig(env = process.env, argv = process.argv): ServerConfig {
  const root = resolve(env.APP_ROOT ?? process.cwd());
  const dataDir = resolve(root, env.DATA_DIR ?? "data");
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT must be a port number, got ${env.PORT}`);
  const dev = argv.includes("--dev") || env.NODE_ENV === "development";
  const production = env.APP_ENV === "production";
  if (production) {
    const missing = REQUIRED_IN_PRODUCTION.filter(([name]) => !env[name]);
    if (missing.length > 0)
      throw new ConfigError(
        `APP_ENV=production needs these settings (docs/deploy.md):\n${missing.map(([n, why]) => `  ${n}: ${why}`).join("\n")}`,
      );
    if (!env.PUBLIC_ORIGIN?.startsWith("https://"))
      throw new ConfigError("APP_ENV=production: PUBLIC_ORIGIN must be an https:// address");
  }
  let origin: URL;
  try {
    origin = new URL(env.PUBLIC_ORIGIN || `http://localhost:${port}`);
  } catch {
    throw new ConfigError(
      `PUBLIC_ORIGIN must be an absolute URL such as https://www.example.gov, got ${env.PUBLIC_ORIGIN}`,
    );
  }
  const extraHosts = (env.ALLOWED_HOSTS ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const allowedHosts = [...new Set([origin.host, ...extraHosts, ...(production ? [] : LOOPBACK_HOSTS)])];
  const processes = Number(env.WEB_CONCURRENCY || 1);
  if (!Number.isInteger(processes) || processes < 1 || processes > MAX_PROCESSES)
    throw new ConfigError(
      `WEB_CONCURRENCY must be a number of web processes from 1 to ${MAX_PROCESSES} (one per core: $(nproc)), got ${env.WEB_CONCURRENCY}`,
    );
  const retentionDays = Number(env.RETENTION_DAYS ?? 730);
  if (!Number.isFinite(retentionDays) || retentionDays < 1)
    throw new ConfigError(`RETENTION_DAYS must be a number of days, got ${env.RETENTION_DAYS}`);
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    // Development reloads code in its one process (Vite), so it runs one whatever the setting.
    processes: dev ? 1 : processes,
    root,
    dataDir,
    contentDir: resolve(root, env.CONTENT_DIR ?? "content"),
    workflowsDir: resolve(root, env.WORKFLOWS_DIR ?? "workflows"),
    databaseUrl: env.DATABASE_URL || undefined,
    draftToken: serverSecret(dataDir, "draft-token", env.DRAFT_TOKEN),
    sessionSecret: serverSecret(dataDir, "session-secret", env.SESSION_SECRET),
    previousSessionSecrets: (env.SESSION_SECRETS_PREVIOUS ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    dev,
    production,
    publicOrigin: origin.origin,
    allowedHosts,
    secureCookies: origin.protocol === "https:",
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    pageCacheSeconds: Number(env.PAGE_CACHE_SECONDS ?? 60),
    redisUrl: env.REDIS_URL || undefined,
    dataKey: serverSecret(dataDir, "data-key", env.DATA_KEY, 32, "base64"),
    previousDataKeys: (env.DATA_KEYS_PREVIOUS ?? "").split(",").filter(Boolean),
    retentionDays,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? "no-reply@cedarport.gov",
    paymentProvider: readPaymentProvider(env, production),
    deliverySetting: (name) => env[name] || undefined,
    staffSignIn: readStaffSignInOrRefuse(env, production, env.PUBLIC_ORIGIN ? origin.origin : undefined),
    uploadStorage: readUploadStorage(env, production),
  };
}
