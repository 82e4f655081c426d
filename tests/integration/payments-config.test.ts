import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createPaymentProvider } from "../../src/integrations/payments";
import { ConfigError, readConfig } from "../../src/server/config";

/** PAYMENT_PROVIDER and the Stripe settings, as the server reads them (docs/payments.md). */
const dataDir = mkdtempSync(join(tmpdir(), "cedarport-payments-config-"));
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

describe("the payment provider setting", () => {
  it("is the embedded sandbox unless told otherwise, in production too", () => {
    expect(readConfig({ DATA_DIR: dataDir }, []).paymentProvider).toEqual({ kind: "sandbox" });
    expect(readConfig(PRODUCTION, []).paymentProvider).toEqual({ kind: "sandbox" });
    expect(createPaymentProvider({ kind: "sandbox" })).toMatchObject({ name: "sandbox", entry: "direct" });
  });

  it("is Stripe Checkout with its secret key", () => {
    const config = readConfig(
      { ...PRODUCTION, PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_live_x" },
      [],
    );
    expect(config.paymentProvider).toEqual({ kind: "stripe", secretKey: "sk_live_x" });
    expect(createPaymentProvider(config.paymentProvider)).toMatchObject({ name: "stripe", entry: "hosted" });
    expect(
      readConfig(
        {
          DATA_DIR: dataDir,
          PAYMENT_PROVIDER: "stripe",
          STRIPE_SECRET_KEY: "sk_test_x",
          STRIPE_API_BASE: "http://127.0.0.1:12111",
        },
        [],
      ).paymentProvider,
    ).toEqual({ kind: "stripe", secretKey: "sk_test_x", apiBase: "http://127.0.0.1:12111" });
  });

  it("refuses Stripe without its key, an unknown provider, and a plain-http Stripe in production", () => {
    expect(() => readConfig({ ...PRODUCTION, PAYMENT_PROVIDER: "stripe" }, [])).toThrow(ConfigError);
    expect(() => readConfig({ ...PRODUCTION, PAYMENT_PROVIDER: "stripe" }, [])).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => readConfig({ DATA_DIR: dataDir, PAYMENT_PROVIDER: "stripe" }, [])).toThrow(ConfigError);
    expect(() => readConfig({ DATA_DIR: dataDir, PAYMENT_PROVIDER: "paypal" }, [])).toThrow(
      /sandbox or stripe/,
    );
    expect(() =>
      readConfig(
        {
          ...PRODUCTION,
          PAYMENT_PROVIDER: "stripe",
          STRIPE_SECRET_KEY: "sk_live_x",
          STRIPE_API_BASE: "http://stripe.internal",
        },
        [],
      ),
    ).toThrow(/https/);
    expect(() =>
      readConfig(
        { DATA_DIR: dataDir, PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "k", STRIPE_API_BASE: "ftp://x" },
        [],
      ),
    ).toThrow(ConfigError);
  });
});
