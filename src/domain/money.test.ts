import { describe, expect, it } from "vitest";
import {
  centsToDecimal,
  formatCurrency,
  paymentTotal,
  TRANSACTION_FEE_BASIS_POINTS,
  TRANSACTION_FEE_RATE,
  toCents,
  transactionFee,
} from "./money";

describe("toCents", () => {
  it.each([
    ["1,234.56", 123456],
    ["$1,234.56", 123456],
    ["$ 1,234.56", 123456],
    ["  12  ", 1200],
    ["12.5", 1250],
    ["12.05", 1205],
    ["12.", 1200],
    [".5", 50],
    ["0", 0],
    ["0.00", 0],
    ["1,000,000", 100000000],
    ["1234567.89", 123456789],
    ["-3.10", -310],
    ["-$3.10", -310],
    ["$-3.10", -310],
    ["+4", 400],
    ["-0", 0],
  ])("parses %j as %d cents", (input, cents) => {
    expect(toCents(input)).toBe(cents);
  });

  it.each([
    "",
    "   ",
    "$",
    ".",
    "abc",
    "12.345",
    "1.2.3",
    "1,23",
    "1234,567",
    ",123",
    "12,",
    "1 234",
    "--5",
    "-$-5",
    "$$5",
    "5$",
    "1e3",
    "NaN",
    "Infinity",
    "99999999999999999999",
  ])("rejects %j", (input) => {
    expect(toCents(input)).toBeNull();
  });

  it("accepts numbers with at most two decimals", () => {
    expect(toCents(12)).toBe(1200);
    expect(toCents(12.34)).toBe(1234);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.005 * 1)).toBeNull();
    expect(toCents(-7.5)).toBe(-750);
    expect(toCents(-0)).toBe(0);
    expect(Object.is(toCents(-0), 0)).toBe(true);
  });

  it("rejects NaN, infinities and unsafe numbers", () => {
    expect(toCents(Number.NaN)).toBeNull();
    expect(toCents(Number.POSITIVE_INFINITY)).toBeNull();
    expect(toCents(Number.MAX_SAFE_INTEGER)).toBeNull();
    expect(toCents(12.345)).toBeNull();
  });
});

describe("formatCurrency", () => {
  it("writes a dollar sign, thousands separators and two decimals", () => {
    expect(formatCurrency(123456)).toBe("$1,234.56");
    expect(formatCurrency(0)).toBe("$0.00");
    expect(formatCurrency(5)).toBe("$0.05");
    expect(formatCurrency(100)).toBe("$1.00");
    expect(formatCurrency(99999)).toBe("$999.99");
    expect(formatCurrency(100000)).toBe("$1,000.00");
    expect(formatCurrency(123456789012)).toBe("$1,234,567,890.12");
  });

  it("puts the minus sign before the dollar sign", () => {
    expect(formatCurrency(-123456)).toBe("-$1,234.56");
  });

  it("writes Spanish in the US Spanish format, still with '$'", () => {
    expect(formatCurrency(123456, "es")).toBe("$1,234.56");
  });

  it("agrees with Intl for en-US and es-US", () => {
    for (const cents of [0, 7, 1999, 123456, 100000000, -4250]) {
      const en = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
      const es = new Intl.NumberFormat("es-US", { style: "currency", currency: "USD" }).format(cents / 100);
      expect(formatCurrency(cents, "en")).toBe(en);
      expect(formatCurrency(cents, "es")).toBe(es);
    }
  });

  it("refuses fractional cents", () => {
    expect(() => formatCurrency(1.5)).toThrow(RangeError);
    expect(() => formatCurrency(Number.NaN)).toThrow(RangeError);
  });
});

describe("centsToDecimal", () => {
  it("writes a plain decimal", () => {
    expect(centsToDecimal(123456)).toBe("1234.56");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(-250)).toBe("-2.50");
    expect(centsToDecimal(0)).toBe("0.00");
  });

  it("round-trips through toCents", () => {
    for (const cents of [0, 1, 99, 100, 123456, -310]) expect(toCents(centsToDecimal(cents))).toBe(cents);
  });
});

describe("transactionFee", () => {
  it("is 2.5%", () => {
    expect(TRANSACTION_FEE_RATE).toBe(0.025);
    expect(TRANSACTION_FEE_BASIS_POINTS / 10_000).toBe(TRANSACTION_FEE_RATE);
    expect(transactionFee(10000)).toBe(250);
    expect(transactionFee(123456)).toBe(3086); // 3086.4
  });

  it("rounds half a cent up", () => {
    expect(transactionFee(20)).toBe(1); // 0.5
    expect(transactionFee(1_234_580)).toBe(30_865); // 30,864.5
    expect(transactionFee(60)).toBe(2); // 1.5
    expect(transactionFee(100)).toBe(3); // 2.5
    expect(transactionFee(1020)).toBe(26); // 25.5
  });

  it("rounds below half a cent down", () => {
    expect(transactionFee(10)).toBe(0); // 0.25
    expect(transactionFee(19)).toBe(0); // 0.475
    expect(transactionFee(1_234_567)).toBe(30_864); // 30,864.175
    expect(transactionFee(59)).toBe(1); // 1.475
    expect(transactionFee(1)).toBe(0);
  });

  it("matches the rate for every amount up to $100, within half a cent", () => {
    for (let cents = 0; cents <= 10_000; cents++) {
      const fee = transactionFee(cents);
      expect(Math.abs(fee - cents * TRANSACTION_FEE_RATE)).toBeLessThanOrEqual(0.5 + 1e-9);
    }
  });

  it("agrees with exact BigInt arithmetic, up to the largest safe amount", () => {
    const exact = (cents: number) => Number((BigInt(cents) * 250n + 5_000n) / 10_000n);
    const amounts = [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER - 20, 999_999_999_999_980];
    for (let cents = 1; cents < Number.MAX_SAFE_INTEGER / 7; cents = cents * 7 + 13) amounts.push(cents);
    for (const cents of amounts) expect(transactionFee(cents), String(cents)).toBe(exact(cents));
  });

  it("stays exact for very large amounts", () => {
    expect(transactionFee(4_000_000_000_000_000)).toBe(100_000_000_000_000);
    expect(transactionFee(4_000_000_000_000_020)).toBe(100_000_000_000_001);
  });

  it("is zero for nothing or a negative subtotal", () => {
    expect(transactionFee(0)).toBe(0);
    expect(transactionFee(-1000)).toBe(0);
  });

  it("refuses fractional cents", () => {
    expect(() => transactionFee(10.5)).toThrow(RangeError);
  });
});

describe("paymentTotal", () => {
  it("sums the items, adds the fee on the subtotal", () => {
    expect(paymentTotal([10000, 2345])).toEqual({ subtotal: 12345, fee: 309, total: 12654 });
  });

  it("accepts items carrying their cents", () => {
    expect(paymentTotal([{ amountCents: 60 }, 0])).toEqual({ subtotal: 60, fee: 2, total: 62 });
  });

  it("computes the fee once on the subtotal, not per item", () => {
    // Per item each fee would round down to 0; on the subtotal it is 1 cent.
    expect(paymentTotal([10, 10])).toEqual({ subtotal: 20, fee: 1, total: 21 });
  });

  it("is all zeros for no items", () => {
    expect(paymentTotal([])).toEqual({ subtotal: 0, fee: 0, total: 0 });
  });

  it("refuses fractional cents", () => {
    expect(() => paymentTotal([1.5])).toThrow(RangeError);
    expect(() => paymentTotal([{ amountCents: Number.NaN }])).toThrow(RangeError);
  });
});
