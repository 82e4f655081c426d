import { describe, expect, it } from "vitest";
import { checkBankAccount, checkCard, checkInstrument, summarize } from "./instrument";

// 10:00 on November 22, 2026 in Cedarport.
const NOW = new Date("2026-11-22T15:00:00.000Z");

const visa = {
  nameOnCard: "Maria Delgado",
  cardNumber: "4111 1111 1111 1111",
  expiry: "12/30",
  cvv: "123",
  zip: "46204",
};
const bankAccount = {
  routingNumber: "110000000",
  accountNumber: "000123456789",
  nameOnAccount: "Maria Delgado",
};

const paths = (check: ReturnType<typeof checkCard>) =>
  check.ok ? [] : check.problems.map((p) => [p.path, p.message]);

describe("card details, checked again on the server", () => {
  it("accepts a valid card and keeps only its digits", () => {
    const check = checkCard(visa, NOW);
    expect(check).toEqual({
      ok: true,
      instrument: {
        method: "card",
        nameOnCard: "Maria Delgado",
        number: "4111111111111111",
        brand: "visa",
        expiry: { month: 12, year: 2030 },
        cvv: "123",
        zip: "46204",
      },
    });
  });

  it("names every missing field", () => {
    expect(paths(checkCard({}, NOW))).toEqual([
      ["/nameOnCard", "required"],
      ["/cardNumber", "required"],
      ["/expiry", "required"],
      ["/cvv", "required"],
      ["/zip", "required"],
    ]);
  });

  it("refuses a number that fails Luhn or belongs to no accepted brand", () => {
    expect(paths(checkCard({ ...visa, cardNumber: "4111 1111 1111 1112" }, NOW))).toEqual([
      ["/cardNumber", "cardNumber"],
    ]);
    expect(paths(checkCard({ ...visa, cardNumber: "9999 9999 9999 9995" }, NOW))).toEqual([
      ["/cardNumber", "cardNumber"],
    ]);
    expect(paths(checkCard({ ...visa, cardNumber: "4111-1111-1111-111a" }, NOW))).toEqual([
      ["/cardNumber", "cardNumber"],
    ]);
  });

  it("takes a card through the last day of its expiry month, and not a day more", () => {
    const lastDay = new Date("2026-11-30T23:00:00.000Z"); // 18:00 on November 30 in Cedarport
    const nextDay = new Date("2026-12-01T06:00:00.000Z"); // 01:00 on December 1
    expect(checkCard({ ...visa, expiry: "11/26" }, lastDay).ok).toBe(true);
    expect(paths(checkCard({ ...visa, expiry: "11/26" }, nextDay))).toEqual([["/expiry", "cardExpired"]]);
    expect(paths(checkCard({ ...visa, expiry: "13/27" }, NOW))).toEqual([["/expiry", "cardExpiryInvalid"]]);
    expect(checkCard({ ...visa, expiry: "01/2031" }, NOW).ok).toBe(true);
  });

  it("wants exactly 4 security code digits for American Express, 3 or 4 otherwise", () => {
    const amex = { ...visa, cardNumber: "3782 822463 10005" };
    expect(paths(checkCard({ ...amex, cvv: "123" }, NOW))).toEqual([["/cvv", "securityCode"]]);
    expect(checkCard({ ...amex, cvv: "1234" }, NOW).ok).toBe(true);
    expect(checkCard({ ...visa, cvv: "1234" }, NOW).ok).toBe(true);
    expect(paths(checkCard({ ...visa, cvv: "12" }, NOW))).toEqual([["/cvv", "securityCode"]]);
  });

  it("wants a US ZIP code and a name of reasonable length", () => {
    expect(paths(checkCard({ ...visa, zip: "4620" }, NOW))).toEqual([["/zip", "zipCode"]]);
    expect(checkCard({ ...visa, zip: "46204-1234" }, NOW).ok).toBe(true);
    const long = checkCard({ ...visa, nameOnCard: "M".repeat(101) }, NOW);
    expect(long.ok ? [] : long.problems).toEqual([
      { path: "/nameOnCard", message: "maxLength", keyword: "maxLength", values: { limit: 100 } },
    ]);
  });
});

describe("bank account details", () => {
  it("accepts a routing number with a valid ABA checksum and 5 to 17 account digits", () => {
    expect(checkBankAccount(bankAccount)).toEqual({
      ok: true,
      instrument: { method: "ach", ...bankAccount },
    });
    expect(checkBankAccount({ ...bankAccount, accountNumber: "0001 2345-6789" })).toMatchObject({
      ok: true,
      instrument: { accountNumber: "000123456789" },
    });
  });

  it("refuses a routing number whose checksum fails, and account numbers of the wrong length", () => {
    expect(paths(checkBankAccount({ ...bankAccount, routingNumber: "110000001" }))).toEqual([
      ["/routingNumber", "routingNumber"],
    ]);
    expect(paths(checkBankAccount({ ...bankAccount, accountNumber: "123" }))).toEqual([
      ["/accountNumber", "accountNumber"],
    ]);
    expect(paths(checkBankAccount({ ...bankAccount, accountNumber: "1".repeat(18) }))).toEqual([
      ["/accountNumber", "accountNumber"],
    ]);
  });

  it("checks the account number typed twice when the form sends both", () => {
    expect(checkBankAccount({ ...bankAccount, accountNumberConfirm: "000123456789" }).ok).toBe(true);
    expect(paths(checkBankAccount({ ...bankAccount, accountNumberConfirm: "000123456780" }))).toEqual([
      ["/accountNumberConfirm", "valuesDoNotMatch"],
    ]);
  });

  it("is what checkInstrument reads for ach, and card details for card", () => {
    expect(checkInstrument("ach", bankAccount, NOW).ok).toBe(true);
    expect(checkInstrument("card", bankAccount, NOW).ok).toBe(false);
  });
});

describe("what is kept of a card or account", () => {
  it("is its brand and its number masked with '*' but for the last four digits", () => {
    const card = checkCard(visa, NOW);
    const amex = checkCard({ ...visa, cardNumber: "378282246310005", cvv: "1234" }, NOW);
    const ach = checkBankAccount(bankAccount);
    if (!card.ok || !amex.ok || !ach.ok) throw new Error("test details refused");
    expect(summarize(card.instrument)).toEqual({
      method: "card",
      brand: "visa",
      maskedNumber: "************1111",
    });
    expect(summarize(amex.instrument)).toEqual({
      method: "card",
      brand: "american-express",
      maskedNumber: "***********0005",
    });
    expect(summarize(ach.instrument)).toEqual({ method: "ach", brand: null, maskedNumber: "********6789" });
  });

  it("never shows a whole account number: one of four digits, which masking would leave whole, is refused", () => {
    expect(checkBankAccount({ ...bankAccount, accountNumber: "6789" }).ok).toBe(false);
    const ach = checkBankAccount({ ...bankAccount, accountNumber: "56789" });
    if (!ach.ok) throw new Error("refused");
    expect(summarize(ach.instrument).maskedNumber).toBe("*6789");
  });
});
