import { describe, expect, it } from "vitest";
import { validateCardNumber } from "../../domain/payment-card";
import { isRoutingNumber } from "../../forms/validation/formats";
import { checkBankAccount, checkCard, type Instrument } from "./instrument";
import { ProviderError } from "./provider";
import {
  SANDBOX_BANK_ACCOUNTS,
  SANDBOX_CARDS,
  SANDBOX_ROUTING_NUMBER,
  sandboxOutcome,
  sandboxProvider,
} from "./sandbox-provider";

const NOW = new Date("2026-11-22T15:00:00.000Z");
const amounts = { subtotal: 10_000, fee: 250, total: 10_250 };

function card(number: string): Instrument {
  const cvv = validateCardNumber(number).brand === "american-express" ? "1234" : "123";
  const checked = checkCard(
    { nameOnCard: "Maria Delgado", cardNumber: number, expiry: "12/30", cvv, zip: "46204" },
    NOW,
  );
  if (!checked.ok) throw new Error(`test card ${number} is refused: ${JSON.stringify(checked.problems)}`);
  return checked.instrument;
}

function bank(routingNumber: string, accountNumber: string): Instrument {
  const checked = checkBankAccount({ routingNumber, accountNumber, nameOnAccount: "Maria Delgado" });
  if (!checked.ok)
    throw new Error(`test account ${accountNumber} is refused: ${JSON.stringify(checked.problems)}`);
  return checked.instrument;
}

/** What the sandbox does with `instrument`: create, then confirm, as the payments service does. */
async function charge(instrument: Instrument, key = "payment-1:1") {
  const provider = sandboxProvider();
  const created = await provider.create({
    idempotencyKey: key,
    paymentId: "payment-1",
    reference: "ACEF2345",
    amounts,
    method: instrument.method,
    description: "test",
    locale: "en",
    instrument,
  });
  expect(created.status).toBe("requires_confirmation");
  return provider.confirm(created.id, { idempotencyKey: `${key}:confirm` });
}

describe("the sandbox's test cards", () => {
  it("are valid cards of the brand the docs name, so the server's checks let them through", () => {
    for (const test of SANDBOX_CARDS) {
      const { brand, isValid } = validateCardNumber(test.number);
      expect(isValid, test.number).toBe(true);
      expect(brand, test.number).toBe(test.brand.toLowerCase().replace(" ", "-"));
    }
  });

  it.each(SANDBOX_CARDS.filter((c) => c.outcome === "approve"))(
    "approves $brand $number",
    async ({ number }) => {
      expect((await charge(card(number))).status).toBe("succeeded");
    },
  );

  it.each(SANDBOX_CARDS.filter((c) => c.outcome === "decline"))(
    "declines $number ($declineCode)",
    async ({ number, declineCode }) => {
      expect(await charge(card(number))).toMatchObject({ status: "declined", declineCode });
    },
  );

  it("fails 4000 0000 0000 0119 with an error the provider answered (nothing taken)", async () => {
    const error = await charge(card("4000 0000 0000 0119")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).outcome).toBe("failed");
  });

  it("declines a valid card that is not a test card: a real card never looks paid", async () => {
    expect(validateCardNumber("4242424242424242").isValid).toBe(true);
    expect(await charge(card("4242424242424242"))).toMatchObject({
      status: "declined",
      declineCode: "not_a_test_number",
    });
  });
});

describe("the sandbox's test bank accounts", () => {
  it("use a routing number that passes the ABA checksum", () => {
    expect(isRoutingNumber(SANDBOX_ROUTING_NUMBER)).toBe(true);
    for (const account of SANDBOX_BANK_ACCOUNTS) expect(isRoutingNumber(account.routingNumber)).toBe(true);
  });

  it.each(SANDBOX_BANK_ACCOUNTS)("account $accountNumber: $outcome", async (account) => {
    const instrument = bank(account.routingNumber, account.accountNumber);
    expect(sandboxOutcome(instrument).outcome).toBe(account.outcome);
    const answer = await charge(instrument).catch((e: unknown) => e);
    if (account.outcome === "approve") expect(answer).toMatchObject({ status: "succeeded" });
    else if (account.outcome === "decline")
      expect(answer).toMatchObject({ status: "declined", declineCode: account.declineCode });
    else expect(answer).toBeInstanceOf(ProviderError);
  });

  it("declines the right account number at another bank", async () => {
    expect(await charge(bank("011000015", "000123456789"))).toMatchObject({ status: "declined" });
  });
});

describe("the sandbox provider", () => {
  it("answers the same idempotency key with the same payment, and another key with another", async () => {
    const provider = sandboxProvider();
    const request = {
      paymentId: "p",
      reference: "ACEF2345",
      amounts,
      method: "card" as const,
      description: "test",
      locale: "en" as const,
      instrument: card("4111111111111111"),
    };
    const first = await provider.create({ ...request, idempotencyKey: "p:1" });
    const again = await provider.create({ ...request, idempotencyKey: "p:1" });
    const other = await provider.create({ ...request, idempotencyKey: "p:2" });
    expect(again.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);
  });

  it("keeps the card number out of its ids and answers, and any process can confirm them", async () => {
    const instrument = card("4111111111111111");
    const created = await sandboxProvider().create({
      idempotencyKey: "p:1",
      paymentId: "p",
      reference: "ACEF2345",
      amounts,
      method: "card",
      description: "test",
      locale: "en",
      instrument,
    });
    expect(JSON.stringify(created)).not.toMatch(/4111|1111/);
    // A second instance (another web process) knows nothing else, and still answers.
    expect(await sandboxProvider().status(created.id)).toEqual({ id: created.id, status: "succeeded" });
  });

  it("refuses amounts that do not add up, and payments without details", async () => {
    const provider = sandboxProvider();
    const base = {
      idempotencyKey: "p:1",
      paymentId: "p",
      reference: "ACEF2345",
      method: "card" as const,
      description: "test",
      locale: "en" as const,
    };
    const instrument = card("4111111111111111");
    await expect(
      provider.create({ ...base, amounts: { subtotal: 100, fee: 3, total: 104 }, instrument }),
    ).rejects.toThrow(ProviderError);
    await expect(
      provider.create({ ...base, amounts: { subtotal: 0, fee: 0, total: 0 }, instrument }),
    ).rejects.toThrow(ProviderError);
    await expect(provider.create({ ...base, amounts })).rejects.toThrow(ProviderError);
    await expect(provider.status("pi_123")).rejects.toThrow(ProviderError);
  });

  it("refunds only a paid payment, a positive amount, the same refund for the same key", async () => {
    const provider = sandboxProvider();
    const paid = await charge(card("4111111111111111"));
    const refund = await provider.refund({ id: paid.id, amount: 500, idempotencyKey: "r1" });
    expect(refund.status).toBe("succeeded");
    expect((await provider.refund({ id: paid.id, amount: 500, idempotencyKey: "r1" })).id).toBe(refund.id);
    await expect(provider.refund({ id: paid.id, amount: 0, idempotencyKey: "r2" })).rejects.toThrow(
      ProviderError,
    );
    const declined = await charge(card("4000000000000002"));
    await expect(provider.refund({ id: declined.id, amount: 500, idempotencyKey: "r3" })).rejects.toThrow(
      ProviderError,
    );
  });
});
