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
    expect(config.processes).toBe(1);
  });

  it("runs WEB_CONCURRENCY web processes, one in development, and refuses a count it cannot run", () => {
    expect(readConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: "4" }, []).processes).toBe(4);
    expect(readConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: "" }, []).processes).toBe(1);
    expect(readConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: "4" }, ["--dev"]).processes).toBe(1);
    for (const value of ["0", "-2", "1.5", "65", "auto"])
      expect(() => readConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: value }, []), value).toThrow(ConfigError);
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

  it("signs cookies with a generated secret by default, and with SESSION_SECRET beside the previous ones", () => {
    const embedded = readConfig({ DATA_DIR: dataDir }, []);
    expect(embedded.sessionSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(embedded.previousSessionSecrets).toEqual([]);
    // Kept in DATA_DIR: the next start signs with the same secret.
    expect(readConfig({ DATA_DIR: dataDir }, []).sessionSecret).toBe(embedded.sessionSecret);
    expect(statSync(join(dataDir, "session-secret")).mode & 0o077).toBe(0);
    const rotated = readConfig({ ...PRODUCTION, SESSION_SECRETS_PREVIOUS: " older , oldest,," }, []);
    expect(rotated.sessionSecret).toBe("a".repeat(43));
    expect(rotated.previousSessionSecrets).toEqual(["older", "oldest"]);
    // Served over https without APP_ENV=production: Secure cookies too.
    expect(
      readConfig({ DATA_DIR: dataDir, PUBLIC_ORIGIN: "https://test.cedarport.gov" }, []).secureCookies,
    ).toBe(true);
  });

  it("says what is wrong with a malformed setting", () => {
    expect(() => readConfig({ DATA_DIR: dataDir, PUBLIC_ORIGIN: "www.cedarport.gov" }, [])).toThrow(
      /absolute URL/,
    );
    expect(() => readConfig({ DATA_DIR: dataDir, PORT: "http" }, [])).toThrow(/PORT/);
    expect(() => readConfig({ DATA_DIR: dataDir, RETENTION_DAYS: "0" }, [])).toThrow(/RETENTION_DAYS/);
  });

  it("keeps documents in DATA_DIR/uploads unless UPLOAD_STORAGE=s3 says otherwise", () => {
    expect(readConfig({ DATA_DIR: dataDir }, []).uploadStorage).toEqual({ kind: "folder" });
    expect(() => readConfig({ DATA_DIR: dataDir, UPLOAD_STORAGE: "ftp" }, [])).toThrow(/UPLOAD_STORAGE/);
  });

  it("with UPLOAD_STORAGE=s3 refuses to start without the bucket's settings, naming every one missing", () => {
    const s3 = {
      UPLOAD_STORAGE: "s3",
      S3_BUCKET: "cedarport-uploads",
      S3_REGION: "us-east-2",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "secret",
    };
    for (const name of Object.keys(s3).filter((n) => n !== "UPLOAD_STORAGE")) {
      const env: Record<string, string> = { DATA_DIR: dataDir, ...s3 };
      delete env[name];
      expect(() => readConfig(env, []), name).toThrow(
        new RegExp(`UPLOAD_STORAGE=s3 needs[\\s\\S]*  ${name}:`),
      );
    }
    expect(() => readConfig({ DATA_DIR: dataDir, UPLOAD_STORAGE: "s3" }, [])).toThrow(
      /S3_BUCKET:[\s\S]*S3_REGION:[\s\S]*S3_ACCESS_KEY_ID:[\s\S]*S3_SECRET_ACCESS_KEY:/,
    );
    // AWS by default, at the region's endpoint, virtual-hosted; any S3-compatible service by S3_ENDPOINT.
    expect(readConfig({ DATA_DIR: dataDir, ...s3 }, []).uploadStorage).toEqual({
      kind: "s3",
      endpoint: "https://s3.us-east-2.amazonaws.com",
      region: "us-east-2",
      bucket: "cedarport-uploads",
      accessKeyId: "AKIAEXAMPLE",
      secretAccessKey: "secret",
      forcePathStyle: false,
      prefix: "",
      timeoutMs: 20_000,
    });
    const minio = readConfig(
      {
        DATA_DIR: dataDir,
        ...s3,
        S3_ENDPOINT: "http://minio.internal:9000/",
        S3_FORCE_PATH_STYLE: "true",
        S3_PREFIX: "documents/",
        S3_TIMEOUT_SECONDS: "2.5",
      },
      [],
    ).uploadStorage;
    expect(minio).toMatchObject({
      endpoint: "http://minio.internal:9000",
      forcePathStyle: true,
      prefix: "documents/",
      timeoutMs: 2500,
    });
  });

  it("says what is wrong with an S3 setting, and asks for https in production", () => {
    const s3 = {
      DATA_DIR: dataDir,
      UPLOAD_STORAGE: "s3",
      S3_BUCKET: "cedarport-uploads",
      S3_REGION: "us-east-2",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "secret",
    };
    expect(() => readConfig({ ...s3, S3_ENDPOINT: "minio:9000" }, [])).toThrow(/S3_ENDPOINT/);
    expect(() => readConfig({ ...s3, S3_ENDPOINT: "https://host/bucket" }, [])).toThrow(/no path/);
    expect(() => readConfig({ ...s3, S3_BUCKET: "Cedarport_Uploads" }, [])).toThrow(/S3_BUCKET/);
    expect(() => readConfig({ ...s3, S3_FORCE_PATH_STYLE: "yes" }, [])).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => readConfig({ ...s3, S3_PREFIX: "a b/" }, [])).toThrow(/S3_PREFIX/);
    expect(() => readConfig({ ...s3, S3_TIMEOUT_SECONDS: "0" }, [])).toThrow(/S3_TIMEOUT_SECONDS/);
    const production = { ...PRODUCTION, ...s3, DATA_DIR: dataDir };
    expect(() => readConfig({ ...production, S3_ENDPOINT: "http://minio.internal:9000" }, [])).toThrow(
      /APP_ENV=production: S3_ENDPOINT must be an https/,
    );
    expect(readConfig(production, []).uploadStorage.kind).toBe("s3");
  });
});
