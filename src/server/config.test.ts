import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "./config";

const dataDir = mkdtempSync(join(tmpdir(), "cedarport-config-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const PRODUCTION = {
  APP_ENV: "production",
  DATA_DIR: dataDir,
  PUBLIC_ORIGIN: "https://www.cedarport.gov",
  SESSION_SECRET: "a".repeat(43),
  DRAFT_TOKEN: "draft",
  DATA_KEY: Buffer.alloc(32, 7).toString("base64"),
  DATABASE_URL: "postgres://db.internal/cedarport",
  SMTP_URL: "smtp://relay.internal:25",
};

describe("server configuration", () => {
  it("runs on embedded defaults, answering to its own origin and this machine's names", () => {
    const config = readConfig({ DATA_DIR: dataDir, PORT: "3000" }, []);
    expect(config.production).toBe(false);
    expect(config.publicOrigin).toBe("http://localhost:3000");
    expect(config.allowedHosts).toEqual(["localhost:3000", "localhost", "127.0.0.1", "[::1]"]);
    expect(config.secureCookies).toBe(false);
    expect(config.trustProxy).toBe("loopback");
    expect(Buffer.from(config.dataKey, "base64")).toHaveLength(32);
    // Generated secrets are readable by this user only.
    expect(statSync(join(dataDir, "data-key")).mode & 0o077).toBe(0);
  });

  it("refuses to start in production without what a public site needs, naming each", () => {
    for (const name of [
      "PUBLIC_ORIGIN",
      "SESSION_SECRET",
      "DRAFT_TOKEN",
      "DATA_KEY",
      "DATABASE_URL",
      "SMTP_URL",
    ]) {
      const env: Record<string, string> = { ...PRODUCTION };
      delete env[name];
      expect(() => readConfig(env, []), name).toThrow(ConfigError);
      expect(() => readConfig(env, []), name).toThrow(new RegExp(`${name}:`));
    }
    expect(() => readConfig({ ...PRODUCTION, PUBLIC_ORIGIN: "http://www.cedarport.gov" }, [])).toThrow(
      /https/,
    );
  });

  it("in production answers only to the public origin and the listed hosts, with Secure cookies", () => {
    const config = readConfig(
      { ...PRODUCTION, ALLOWED_HOSTS: "cedarport.gov, origin.internal", TRUST_PROXY: "1" },
      [],
    );
    expect(config.allowedHosts).toEqual(["www.cedarport.gov", "cedarport.gov", "origin.internal"]);
    expect(config.secureCookies).toBe(true);
    expect(config.trustProxy).toBe(1);
  });

  it("says what is wrong with a malformed setting", () => {
    expect(() => readConfig({ DATA_DIR: dataDir, PUBLIC_ORIGIN: "www.cedarport.gov" }, [])).toThrow(
      /absolute URL/,
    );
    expect(() => readConfig({ DATA_DIR: dataDir, PORT: "http" }, [])).toThrow(/PORT/);
    expect(() => readConfig({ DATA_DIR: dataDir, RETENTION_DAYS: "0" }, [])).toThrow(/RETENTION_DAYS/);
  });
});
