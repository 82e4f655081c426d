import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StripeDouble, startStripeDouble } from "../../src/integrations/payments/stripe-double";
import { createApp, type RunningApp } from "../../src/server/app";
import { readConfig } from "../../src/server/config";
import { cardParams, ctx, newKey } from "./payments-fixture";

/**
 * The server wires the payments integration in, so a workflow screen can
 * `"call": { "integration": "payments", "operation": "pay", … }`: with the sandbox by default,
 * with Stripe when PAYMENT_PROVIDER says so; receipts go out through the server's own outbox.
 */
async function start(env: Record<string, string>): Promise<{ running: RunningApp; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), "cedarport-payments-server-"));
  const config = readConfig(
    {
      DATA_DIR: dataDir,
      PORT: "0",
      NODE_ENV: "production",
      PUBLIC_ORIGIN: "https://www.cedarport.example",
      ...env,
    },
    [],
  );
  return { running: await createApp(config), dataDir };
}

describe("the server's payments integration", () => {
  let sandbox: { running: RunningApp; dataDir: string };
  let stripe: { running: RunningApp; dataDir: string };
  let double: StripeDouble;

  beforeAll(async () => {
    double = await startStripeDouble();
    sandbox = await start({});
    stripe = await start({
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: double.secretKey,
      STRIPE_API_BASE: double.url,
    });
  });
  afterAll(async () => {
    for (const app of [sandbox, stripe]) {
      await app?.running.close();
      if (app) rmSync(app.dataDir, { recursive: true, force: true });
    }
    await double?.close();
  });

  const call = (app: RunningApp, operation: string, params: Record<string, unknown>) =>
    app.services.workflows
      .integrationsFor("journey-1", "en")
      .call("payments", operation, params, {}, ctx()) as Promise<Record<string, unknown>>;

  it("is the sandbox by default, and a card payment's receipt is e-mailed by the outbox worker", async () => {
    expect(await call(sandbox.running, "provider", {})).toEqual({ name: "sandbox", entry: "direct" });
    const result = await call(sandbox.running, "pay", {
      ...cardParams("4111111111111111"),
      attemptKey: newKey(),
      email: "maria@example.com",
      items: [{ kind: "invoice", id: "RP-2026-2-1000001", amount: 10_000 }],
    });
    expect(result).toMatchObject({ status: "approved", maskedNumber: "************1111" });
    const outbox = join(sandbox.dataDir, "outbox");
    for (
      let i = 0;
      i < 100 && !(existsSync(outbox) && readdirSync(outbox).some((f) => f.endsWith(".eml")));
      i++
    )
      await sleep(50);
    const [file] = readdirSync(outbox).filter((f) => f.endsWith(".eml"));
    const eml = readFileSync(join(outbox, file ?? ""), "utf8");
    expect(eml).toContain("To: maria@example.com");
    expect(eml).toContain(`Reference number: ${result.reference}`);
  });

  it("is Stripe Checkout when PAYMENT_PROVIDER=stripe", async () => {
    expect(await call(stripe.running, "provider", {})).toEqual({ name: "stripe", entry: "hosted" });
    // The resident is sent to Stripe's page (IntegrationRedirect), which returns them to returnPath.
    await expect(
      call(stripe.running, "pay", {
        method: "card",
        attemptKey: newKey(),
        returnPath: "/workflow/pay-property-taxes",
        items: [{ kind: "invoice", id: "RP-2026-2-1000001", amount: 10_000 }],
      }),
    ).rejects.toMatchObject({
      name: "IntegrationRedirect",
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//),
    });
    expect(double.requests.at(-1)?.form.get("success_url")).toBe(
      "https://www.cedarport.example/workflow/pay-property-taxes",
    );
  });
});
