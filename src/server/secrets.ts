import { randomBytes } from "node:crypto";
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

export const randomId = (bytes = 18) => randomBytes(bytes).toString("base64url");
