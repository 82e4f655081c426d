import { describe, expect, it } from "vitest";
import { amountCents, parseItems, perBalance } from "./items";
import { paymentText, SERVER_ERROR } from "./messages";
import { methodLabel, paymentReceipt } from "./receipt";
import type { Payment } from "./store";

describe("items as a workflow sends them", () => {
  it("are a list of {kind, id, amount}; none at all is an empty list", () => {
    expect(parseItems([{ kind: "invoice", id: " RP-2026-2-1000001 ", amount: 100 }])).toEqual([
      { kind: "invoice", id: "RP-2026-2-1000001", amount: 100 },
    ]);
    expect(parseItems(undefined)).toEqual([]);
  });

  it("of another shape are a mistake in the workflow file", () => {
    expect(() => parseItems("RP-2026-2-1000001")).toThrow(TypeError);
    expect(() => parseItems([{ kind: "parking-ticket", id: "1", amount: 1 }])).toThrow(TypeError);
    expect(() => parseItems([null])).toThrow(TypeError);
  });

  it("carry amounts in whole cents, as a number or a string of digits", () => {
    expect(amountCents(1250)).toBe(1250);
    expect(amountCents("1250")).toBe(1250);
    expect(amountCents("-5")).toBe(-5);
    expect(amountCents(12.5)).toBeNull();
    expect(amountCents("12.50")).toBeNull();
    expect(amountCents("")).toBeNull();
    expect(amountCents(Number.NaN)).toBeNull();
    expect(amountCents(2 ** 60)).toBeNull();
  });

  it("change each balance once, by the sum of their lines", () => {
    expect(
      perBalance([
        { kind: "invoice", id: "A", amount: 100 },
        { kind: "gallery-account", id: "A", amount: 5 },
        { kind: "invoice", id: "A", amount: 50 },
      ]),
    ).toEqual([
      { kind: "invoice", id: "A", amount: 150 },
      { kind: "gallery-account", id: "A", amount: 5 },
    ]);
  });
});

describe("payment texts", () => {
  it("have the spec's declined and server error messages, in both languages", () => {
    expect(paymentText("declined", "en")).toBe(
      "Your payment has been declined. Make sure you have entered your card details correctly, or try a different payment method.",
    );
    expect(paymentText(SERVER_ERROR, "en")).toBe("Server error. Please wait a few minutes and try again.");
    expect(paymentText("declined", "es")).toMatch(/^Su pago ha sido rechazado\./);
    expect(paymentText(SERVER_ERROR, "es")).toBe(
      "Error del servidor. Espere unos minutos e inténtelo de nuevo.",
    );
  });

  it("share the form's validation messages", () => {
    expect(paymentText("amountsGreaterThanZero", "en")).toBe(
      "Each item must have an amount greater than zero.",
    );
    expect(paymentText("amountSeemsHigh", "es")).toBe("Esa cantidad parece alta.");
    expect(paymentText("maxLength", "en", { limit: 100 })).toBe(
      "This field can have no more than 100 characters.",
    );
  });
});

const payment: Payment = {
  id: "p1",
  attemptKey: "k",
  reference: "ACEF2345",
  status: "approved",
  method: "card",
  brand: "visa",
  maskedNumber: "************1111",
  subtotalCents: 123_456,
  feeCents: 3_086,
  totalCents: 126_542,
  refundedCents: 0,
  items: [
    {
      kind: "invoice",
      id: "RP-2026-2-1000001",
      amount: 120_000,
      parcelNumber: "1000001",
      payYear: 2026,
      installment: 2,
      taxType: "real-property",
    },
    { kind: "gallery-account", id: "2417035", amount: 3_456 },
  ],
  locale: "es",
  receiptTo: "sealed",
  provider: "sandbox",
  providerPaymentId: "sbx",
  redirectUrl: null,
  declineCode: null,
  tries: 1,
  claimedAt: "",
  createdAt: "",
  updatedAt: "",
  completedAt: null,
};

describe("the e-mailed receipt", () => {
  it("lists the items, the subtotal, the non-refundable fee and the total, in the resident's language", () => {
    const receipt = paymentReceipt(payment, "maria@example.com", new Date("2026-11-22T15:00:00Z"));
    expect(receipt.to).toBe("maria@example.com");
    expect(receipt.subject).toBe("Recibo de pago ACEF2345");
    expect(receipt.text).toContain("Fecha: 22 de noviembre de 2026");
    expect(receipt.text).toContain("Pagado con: Tarjeta Visa ************1111");
    expect(receipt.text).toContain(
      "- Impuesto a la propiedad, parcela 1000001, Cuota de otoño 2026 (Bienes inmuebles): $1,200.00",
    );
    expect(receipt.text).toContain("- Cuenta de galería de la cárcel 2417035: $34.56");
    expect(receipt.text).toContain("Subtotal: $1,234.56");
    expect(receipt.text).toContain("Cargo por transacción (2.5 %, no reembolsable): $30.86");
    expect(receipt.text).toContain("Total cobrado: $1,265.42");
  });

  it("names the card brand and masks the number; a bank account by its last four digits", () => {
    expect(methodLabel(payment, "en")).toBe("Visa card ************1111");
    expect(methodLabel({ method: "ach", brand: null, maskedNumber: "********6789" }, "en")).toBe(
      "Bank account ********6789",
    );
  });
});
