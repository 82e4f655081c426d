import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A server secret from the environment, else made once and kept (mode 600) under the data folder,
 * so a restart does not sign every resident out of their journey.
 */
export function serverSecret(
  dataDir: string,
  name: string,
  fromEnv: string | undefined,
  bytes = 32,
  encoding: BufferEncoding = "base64url",
): string {
  if (fromEnv) return fromEnv;
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  // The data folder holds the database and secrets: only this user may read it.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(bytes).toString(encoding);
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** `value.signature`: the value cannot be changed without the secret. */
export function sign(value: string, secret: string): string {
  return `${value}.${createHmac("sha256", secret).update(value).digest("base64url")}`;
}

export function unsign(signed: string | undefined, secret: string): string | undefined {
  if (!signed) return undefined;
  const dot = signed.lastIndexOf(".");
  if (dot <= 0) return undefined;
  const value = signed.slice(0, dot);
  const expected = Buffer.from(sign(value, secret));
  const given = Buffer.from(signed);
  return expected.length === given.length && timingSafeEqual(expected, given) ? value : undefined;
}

export const randomId = (bytes = 18) => randomBytes(bytes).toString("base64url");
