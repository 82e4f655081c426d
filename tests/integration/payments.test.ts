import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../src/db/database";
import { migrate } from "../../src/db/migrate";
import {
  DEMO_GALLERY_ACCOUNTS,
  type PaymentProvider,
  ProviderError,
  sandboxProvider,
  seedGalleryAccounts,
  seedInvoices,
} from "../../src/integrations/payments";
import { DATABASES, openTestDatabase, type TestDatabase } from "./databases";
import {
  bankParams,
  cardParams,
  newKey,
  type PaymentsFixture,
  paymentsFixture,
  refusalOf,
  spareInvoices,
} from "./payments-fixture";

/**
 * The payments integration on SQLite and PostgreSQL, as workflow screens call it: invoices and
 * gallery accounts to pay, the quote, and paying with the sandbox provider, once per attempt
 * whatever arrives twice, balances and receipt in the payment's own transaction.
 */
const DECLINED =
  "Your payment has been declined. Make sure you have entered your card details correctly, or try a different payment method.";
const DECLINED_ES =
  "Su pago ha sido rechazado. Asegúrese de haber ingresado correctamente los datos de su tarjeta o intente con otro método de pago.";
const SERVER_ERROR = "Server error. Please wait a few minutes and try again.";
const SERVER_ERROR_ES = "Error del servidor. Espere unos minutos e inténtelo de nuevo.";
const NOT_FOUND =
  "We could not find an account with these details. Check the gallery number, the name and the date of birth.";

const count = async (t: PaymentsFixture, sql: string, params: string[] = []) =>
  Number((await t.db.all<{ n: number | string }>(sql, params))[0]?.n);

describe.each(DATABASES)("payments on %s", (kind) => {
  let test: TestDatabase;
  let f: PaymentsFixture;
  let spare: Array<{ id: string; balance: number }>;
  /** An invoice no other test touches. */
  const invoice = () => {
    const next = spare.shift();
    if (!next) throw new Error("out of spare invoices");
    return next;
  };

  beforeAll(async () => {
    test = await openTestDatabase(kind);
    f = await paymentsFixture(test.db);
    spare = await spareInvoices(test.db);
  });
  afterAll(() => test.drop());

  describe("demo data", () => {
    it("is generated from the parcels once, and the gallery accounts added once", async () => {
      expect(await seedInvoices(test.db)).toBe(false);
      expect(await seedGalleryAccounts(test.db)).toBe(0);
      expect(await count(f, "SELECT COUNT(*) AS n FROM gallery_accounts")).toBe(DEMO_GALLERY_ACCOUNTS.length);
      expect(spare.length).toBeGreaterThan(30);
    });
  });

  describe("invoices", () => {
    it("lists the open invoices of the chosen parcels with due date, total due, tax type and a link", async () => {
      const { invoices } = await f.call("invoices", {
        parcelNumbers: ["1000002", "49-01-13-000-003.000-101"],
      });
      expect(invoices).toEqual([
        {
          id: "RP-2026-1-1000002",
          parcelNumber: "1000002",
          dueDate: "2026-05-11",
          totalDue: 36_250,
          taxType: { en: "Real property", es: "Bienes inmuebles" },
          taxTypeCode: "real-property",
          installment: 1,
          installmentLabel: { en: "Spring installment 2026", es: "Cuota de primavera 2026" },
          viewUrl: "/payments/invoices/RP-2026-1-1000002",
        },
        expect.objectContaining({ id: "RP-2026-2-1000002", totalDue: 106_250, dueDate: "2026-11-10" }),
        expect.objectContaining({ id: "RP-2025-2-1000003", totalDue: 143_200, dueDate: "2025-11-10" }),
        expect.objectContaining({ id: "BP-2026-2-1000003", taxTypeCode: "business-personal-property" }),
        expect.objectContaining({ id: "RP-2026-2-1000003", totalDue: 143_200 }),
      ]);
    });

    it("names them in both languages, and has nothing for a parcel paid up, unknown or mistyped", async () => {
      const { invoices } = await f.call("invoices", { parcelNumbers: ["8000001"] }, "es");
      expect(invoices).toMatchObject([
        {
          id: "MH-2026-1-8000001",
          taxType: { es: "Casa móvil" },
          installmentLabel: { es: "Cuota de primavera 2026" },
        },
        {
          id: "MH-2026-2-8000001",
          taxType: { es: "Casa móvil" },
          installmentLabel: { es: "Cuota de otoño 2026" },
        },
      ]);
      expect(await f.call("invoices", { parcelNumbers: ["2000001", "9999999", "12"] })).toEqual({
        invoices: [],
      });
      expect(await f.call("invoices", { parcelNumbers: [] })).toEqual({ invoices: [] });
    });
  });

  describe("gallery accounts", () => {
    it("are shown when the number, the name and the date of birth match", async () => {
      expect(
        await f.call("gallery-account", {
          galleryNumber: "241-7035",
          name: "marcus REYES",
          dateOfBirth: "03/14/1991",
        }),
      ).toEqual({
        account: {
          galleryNumber: "2417035",
          name: "Marcus Reyes",
          accountStatus: { en: "Active", es: "Activa" },
          accountStatusCode: "active",
          payable: true,
          amountOwed: 24_550,
        },
      });
      const { account } = await f.call(
        "gallery-account",
        { galleryNumber: "2418377", name: "Tamika Johnson", dateOfBirth: "9/18/1984" },
        "es",
      );
      expect(account).toMatchObject({
        accountStatus: { es: "En espera" },
        payable: false,
        amountOwed: 41_200,
      });
    });

    it("answer a wrong number, a wrong name and a wrong date of birth with one message that tells nothing", async () => {
      const wrong = [
        { galleryNumber: "2417036", name: "Marcus Reyes", dateOfBirth: "03/14/1991" },
        { galleryNumber: "2417035", name: "Marcus Reye", dateOfBirth: "03/14/1991" },
        { galleryNumber: "2417035", name: "Marcus Reyes", dateOfBirth: "03/15/1991" },
      ];
      for (const params of wrong)
        expect(await refusalOf(f.call("gallery-account", params))).toEqual([
          { path: "/galleryNumber", message: NOT_FOUND },
        ]);
      expect(await refusalOf(f.call("gallery-account", wrong[0]!, "es"))).toEqual([
        {
          path: "/galleryNumber",
          message:
            "No encontramos una cuenta con estos datos. Revise el número de galería, el nombre y la fecha de nacimiento.",
        },
      ]);
    });

    it("refuse a number or a date that cannot be one, and a missing name", async () => {
      expect(
        await refusalOf(
          f.call("gallery-account", {
            galleryNumber: "24170",
            name: "Marcus Reyes",
            dateOfBirth: "03/14/1991",
          }),
        ),
      ).toEqual([
        {
          path: "/galleryNumber",
          message: "Please enter a valid gallery number: 7 digits, such as 2417035.",
        },
      ]);
      expect(
        await refusalOf(
          f.call("gallery-account", { galleryNumber: "2417035", name: " ", dateOfBirth: "1991-03-14" }),
        ),
      ).toEqual([
        { path: "/name", message: "This field is required." },
        { path: "/dateOfBirth", message: "Please enter a valid date in the format mm/dd/yyyy." },
      ]);
    });
  });

  describe("quote", () => {
    it("adds up the items and the 2.5% fee, rounded half up to the cent, computed on the server", async () => {
      const quote = await f.call("quote", {
        items: [
          { kind: "invoice", id: "RP-2026-2-1000001", amount: 184_300 },
          { kind: "gallery-account", id: "2417035", amount: "1000" },
        ],
      });
      expect(quote).toMatchObject({ subtotal: 185_300, fee: 4_633, total: 189_933 });
      expect(quote.items).toEqual([
        expect.objectContaining({
          kind: "invoice",
          id: "RP-2026-2-1000001",
          amount: 184_300,
          description: "Property tax, parcel 1000001, Fall installment 2026 (Real property): $1,843.00",
          label: {
            en: "Property tax, parcel 1000001, Fall installment 2026 (Real property)",
            es: "Impuesto a la propiedad, parcela 1000001, Cuota de otoño 2026 (Bienes inmuebles)",
          },
        }),
        {
          kind: "gallery-account",
          id: "2417035",
          amount: 1000,
          description: "Jail gallery account 2417035: $10.00",
          label: { en: "Jail gallery account 2417035", es: "Cuenta de galería de la cárcel 2417035" },
        },
      ]);
      // 20 cents: a fee of exactly half a cent goes up; 19 cents: 0.475 goes down.
      const small = (amount: number) =>
        f.call("quote", { items: [{ kind: "gallery-account", id: "2417035", amount }] });
      expect(await small(20)).toMatchObject({ subtotal: 20, fee: 1, total: 21 });
      expect(await small(19)).toMatchObject({ subtotal: 19, fee: 0, total: 19 });
    });

    it("refuses what cannot be paid, each on its own line, in the resident's language", async () => {
      const errors = await refusalOf(
        f.call("quote", {
          items: [
            { kind: "invoice", id: "RP-2026-2-1000001", amount: 100_000 },
            { kind: "invoice", id: "RP-2026-2-1000001", amount: 84_301 },
            { kind: "invoice", id: "RP-2026-2-9999999", amount: 100 },
            { kind: "gallery-account", id: "2417035", amount: 0 },
            { kind: "gallery-account", id: "2418377", amount: 100 },
            { kind: "gallery-account", id: "2417152", amount: -5 },
          ],
        }),
      );
      expect(errors).toEqual([
        { path: "/items/1/amount", message: "That amount seems high." },
        { path: "/items/2", message: "We could not find this item. Go back and choose it again." },
        { path: "/items/3/amount", message: "Each item must have an amount greater than zero." },
        { path: "/items/4", message: "This account cannot be paid online at the moment." },
        { path: "/items/5/amount", message: "Each item must have an amount greater than zero." },
      ]);
      expect(await refusalOf(f.call("quote", { items: [] }, "es"))).toEqual([
        { path: "/items", message: "Debe seleccionar uno o más elementos" },
      ]);
    });
  });

  describe("what a workflow asks: chosen invoices and one amount, or one gallery account", () => {
    // Parcel 1000002 owes $362.50 (spring, due first) and $1,062.50 (fall).
    const both = ["RP-2026-2-1000002", "RP-2026-1-1000002"];

    it("pays each chosen invoice in full, or spreads a part over them, the one due first paid first", async () => {
      expect(await f.call("quote", { invoices: both })).toMatchObject({
        items: [
          { id: "RP-2026-1-1000002", amount: 36_250 },
          { id: "RP-2026-2-1000002", amount: 106_250 },
        ],
        subtotal: 142_500,
      });
      expect(await f.call("quote", { invoices: both, amount: 50_000 })).toMatchObject({
        items: [
          { id: "RP-2026-1-1000002", amount: 36_250 },
          { id: "RP-2026-2-1000002", amount: 13_750 },
        ],
        subtotal: 50_000,
        fee: 1_250,
      });
    });

    it("refuses on the field the resident can fix: nothing chosen, too much, too little to reach each one", async () => {
      expect(await refusalOf(f.call("quote", { invoices: [] }))).toEqual([
        { path: "/invoices", message: "Please select at least one property or invoice." },
      ]);
      expect(await refusalOf(f.call("quote", { invoices: ["RP-2026-2-9999999"] }))).toEqual([
        { path: "/invoices", message: "We could not find this item. Go back and choose it again." },
      ]);
      expect(await refusalOf(f.call("quote", { invoices: both, amount: 142_501 }))).toEqual([
        { path: "/amount", message: "That amount seems high." },
      ]);
      expect(await refusalOf(f.call("quote", { invoices: both, amount: 0 }))).toEqual([
        { path: "/amount", message: "Each item must have an amount greater than zero." },
      ]);
      expect(await refusalOf(f.call("quote", { invoices: both, amount: 36_250 }, "es"))).toEqual([
        {
          path: "/amount",
          message:
            "Este monto no alcanza para todas las facturas que eligió: la que vence al final no recibiría nada. Pague al menos $362.51 o elija menos facturas.",
        },
      ]);
    });

    it("keys a payment sent from a journey on that journey and its reserved reference", async () => {
      const sending = { journey: randomUUID(), reference: "HRWT96AF" };
      const params = { ...cardParams("4111 1111 1111 1111"), galleryNumber: "2417152", amount: 100 };
      const first = await f.call("pay", params, "en", sending);
      const again = await f.call("pay", params, "en", sending);
      expect(again.paymentId).toBe(first.paymentId);
      const other = await f.call("pay", params, "en", { ...sending, journey: randomUUID() });
      expect(other.paymentId).not.toBe(first.paymentId);
      const [row] = await f.db.all<{ attempt_key: string }>("SELECT attempt_key FROM payments WHERE id = ?", [
        String(first.paymentId),
      ]);
      // The journey's id is not written into the payments table, only a hash of it.
      expect(row?.attempt_key).not.toContain(sending.journey);
      await expect(f.call("pay", params)).rejects.toThrow(TypeError);
    });

    it("takes a gallery account's number and amount, with its problems on those fields", async () => {
      expect(await f.call("quote", { galleryNumber: "2417035", amount: 1_000 })).toMatchObject({
        subtotal: 1_000,
      });
      expect(await refusalOf(f.call("quote", { galleryNumber: "2417035", amount: 99_999_999 }))).toEqual([
        { path: "/amount", message: "That amount seems high." },
      ]);
      expect(await refusalOf(f.call("quote", { galleryNumber: "2418377", amount: 100 }))).toEqual([
        { path: "/galleryNumber", message: "This account cannot be paid online at the moment." },
      ]);
    });
  });

  describe("pay", () => {
    it("charges a card once, lowers the balances and e-mails a receipt with the card masked", async () => {
      const inv = invoice();
      const owedBefore = await f.balance("gallery-account", "2417152");
      const result = await f.call("pay", {
        ...cardParams("4111 1111 1111 1111"),
        attemptKey: newKey(),
        email: "grace@example.com",
        items: [
          { kind: "invoice", id: inv.id, amount: 1000 },
          { kind: "gallery-account", id: "2417152", amount: 2_500 },
        ],
      });
      expect(result).toMatchObject({
        status: "approved",
        subtotal: 3_500,
        fee: 88,
        total: 3_588,
        method: "card",
        maskedNumber: "************1111",
        brand: "visa",
      });
      expect(result.reference).toMatch(/^[ACEFHJKMNPRTWXY2-9]{8}$/);
      expect(await f.balance("invoice", inv.id)).toBe(inv.balance - 1000);
      expect(await f.balance("gallery-account", "2417152")).toBe(owedBefore - 2_500);
      const [row] = await f.db.all<Record<string, unknown>>("SELECT * FROM payments WHERE id = ?", [
        String(result.paymentId),
      ]);
      expect(row).toMatchObject({ status: "approved", method: "card", masked_number: "************1111" });
      expect(Number(row?.total_cents)).toBe(3_588);
      expect(String(row?.receipt_to)).toMatch(/^enc:v1:/);

      await f.deliver();
      const receipt = f.sent.find((item) => JSON.stringify(item.payload).includes(String(result.reference)));
      expect(receipt?.payload).toMatchObject({
        to: "grace@example.com",
        subject: `Payment receipt ${result.reference}`,
      });
      const text = (receipt?.payload as { text?: string } | undefined)?.text ?? "";
      expect(text).toContain("Paid with: Visa card ************1111");
      expect(text).toContain("Transaction fee (2.5%, non-refundable): $0.88");
      expect(text).toContain("Total charged: $35.88");
    });

    it("takes a bank debit and shows the account by its last four digits", async () => {
      const inv = invoice();
      const result = await f.call("pay", {
        ...bankParams("000123456789"),
        attemptKey: newKey(),
        items: [{ kind: "invoice", id: inv.id, amount: inv.balance }],
      });
      expect(result).toMatchObject({
        status: "approved",
        method: "ach",
        maskedNumber: "********6789",
        brand: null,
      });
      expect(await f.balance("invoice", inv.id)).toBe(0);
      expect((await f.call("invoices", { parcelNumbers: [inv.id.slice(-7)] })).invoices).not.toContainEqual(
        expect.objectContaining({ id: inv.id }),
      );
    });

    it("says a declined card was declined, in English and Spanish, and gives the balance back", async () => {
      const inv = invoice();
      const items = [{ kind: "invoice", id: inv.id, amount: 500 }];
      const key = newKey();
      expect(
        await refusalOf(f.call("pay", { ...cardParams("4000 0000 0000 0002"), attemptKey: key, items })),
      ).toEqual([{ path: "", message: DECLINED }]);
      expect(
        await refusalOf(f.call("pay", { ...bankParams("000111111116"), attemptKey: newKey(), items }, "es")),
      ).toEqual([{ path: "", message: DECLINED_ES }]);
      expect(await f.balance("invoice", inv.id)).toBe(inv.balance);
      const [row] = await f.db.all<{ status: string; tries: number | string }>(
        "SELECT status, tries FROM payments WHERE attempt_key = ?",
        [key],
      );
      expect(row?.status).toBe("declined");

      // The resident corrects the card and presses Pay again on the same form: a second try.
      const created = f.calls.create.length;
      const paid = await f.call("pay", { ...cardParams("5555 5555 5555 4444"), attemptKey: key, items });
      expect(paid).toMatchObject({
        status: "approved",
        maskedNumber: "************4444",
        brand: "mastercard",
      });
      expect(f.calls.create.slice(created)).toEqual([`${paid.paymentId}:2`]);
      expect(await f.balance("invoice", inv.id)).toBe(inv.balance - 500);
    });

    it("says 'Server error' when the provider fails, and takes nothing", async () => {
      const inv = invoice();
      const items = [{ kind: "invoice", id: inv.id, amount: 700 }];
      expect(
        await refusalOf(f.call("pay", { ...cardParams("4000000000000119"), attemptKey: newKey(), items })),
      ).toEqual([{ path: "", message: SERVER_ERROR }]);
      expect(
        await refusalOf(f.call("pay", { ...bankParams("000222222227"), attemptKey: newKey(), items }, "es")),
      ).toEqual([{ path: "", message: SERVER_ERROR_ES }]);
      expect(await f.balance("invoice", inv.id)).toBe(inv.balance);
    });

    it("checks the card again on the server and does not ask the provider about a bad one", async () => {
      const created = f.calls.create.length;
      const errors = await refusalOf(
        f.call("pay", {
          ...cardParams("3782 822463 10005"),
          cvv: "123",
          expiry: "10/2025",
          zip: "ABCDE",
          email: "grace@",
          attemptKey: newKey(),
          items: [{ kind: "invoice", id: "RP-2026-2-1000001", amount: 100 }],
        }),
      );
      expect(errors.map((e) => e.path)).toEqual(["/email", "/expiry", "/cvv", "/zip"]);
      expect(errors[1]?.message).toBe("The expiration date must not be in the past.");
      expect(
        await refusalOf(
          f.call("pay", {
            ...bankParams("000123456789", {
              routingNumber: "110000001",
              accountNumberConfirm: "000123456788",
            }),
            attemptKey: newKey(),
            items: [{ kind: "invoice", id: "RP-2026-2-1000001", amount: 100 }],
          }),
        ),
      ).toEqual([
        { path: "/routingNumber", message: "Please enter a valid routing number." },
        { path: "/accountNumberConfirm", message: "Entered values do not match." },
      ]);
      expect(f.calls.create.length).toBe(created);
    });

    it("refuses an amount above what is owed before anything is charged", async () => {
      const inv = invoice();
      const created = f.calls.create.length;
      expect(
        await refusalOf(
          f.call("pay", {
            ...cardParams("4111111111111111"),
            attemptKey: newKey(),
            items: [{ kind: "invoice", id: inv.id, amount: inv.balance + 1 }],
          }),
        ),
      ).toEqual([{ path: "/items/0/amount", message: "That amount seems high." }]);
      expect(f.calls.create.length).toBe(created);
      expect(await count(f, "SELECT COUNT(*) AS n FROM payments WHERE items LIKE ?", [`%${inv.id}%`])).toBe(
        0,
      );
    });

    it("treats a workflow file's mistakes as errors, not as the resident's", async () => {
      const items = [{ kind: "invoice", id: "RP-2026-2-1000001", amount: 100 }];
      await expect(
        f.call("pay", { ...cardParams("4111111111111111"), attemptKey: "short", items }),
      ).rejects.toThrow(TypeError);
      await expect(
        f.call("pay", { ...cardParams("4111111111111111"), method: "cash", attemptKey: newKey(), items }),
      ).rejects.toThrow(TypeError);
      await expect(f.call("refund", {})).rejects.toThrow("payments has no operation refund");
    });
  });

  describe("once per attempt", () => {
    it("charges once when five requests with one key arrive together (double clicks, retries)", async () => {
      const inv = invoice();
      const key = newKey();
      const before = { create: f.calls.create.length, confirm: f.calls.confirm.length, sent: f.sent.length };
      const params = {
        ...cardParams("4111111111111111"),
        attemptKey: key,
        email: "grace@example.com",
        items: [{ kind: "invoice", id: inv.id, amount: 1_234 }],
      };
      const results = await Promise.all(Array.from({ length: 5 }, () => f.call("pay", params)));
      expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
      expect(results[0]).toMatchObject({ status: "approved", subtotal: 1_234 });
      expect(f.calls.create.length - before.create).toBe(1);
      expect(f.calls.confirm.length - before.confirm).toBe(1);
      expect(await count(f, "SELECT COUNT(*) AS n FROM payments WHERE attempt_key = ?", [key])).toBe(1);
      expect(await f.balance("invoice", inv.id)).toBe(inv.balance - 1_234);
      await f.deliver();
      expect(f.sent.length - before.sent).toBe(1);

      // A refresh long after: the same answer, and the provider is not asked again.
      expect(await f.call("pay", params)).toEqual(results[0]);
      expect(f.calls.create.length - before.create).toBe(1);
    });

    it("answers five concurrent requests with a declined card with one decline", async () => {
      const inv = invoice();
      const params = {
        ...cardParams("4000000000000002"),
        attemptKey: newKey(),
        items: [{ kind: "invoice", id: inv.id, amount: 300 }],
      };
      const before = f.calls.create.length;
      const answers = await Promise.all(Array.from({ length: 5 }, () => refusalOf(f.call("pay", params))));
      for (const errors of answers) expect(errors).toEqual([{ path: "", message: DECLINED }]);
      expect(f.calls.create.length - before).toBe(1);
      expect(await f.balance("invoice", inv.id)).toBe(inv.balance);
    });

    it("lets only one of two attempts pay the last of an invoice", async () => {
      const inv = invoice();
      const before = f.calls.create.length;
      const pay = () =>
        f
          .call("pay", {
            ...cardParams("4111111111111111"),
            attemptKey: newKey(),
            items: [{ kind: "invoice", id: inv.id, amount: inv.balance }],
          })
          .then(
            (result) => result.status,
            (error: { errors?: Array<{ message: string }> }) => error.errors?.[0]?.message,
          );
      expect((await Promise.all([pay(), pay()])).sort()).toEqual(["That amount seems high.", "approved"]);
      expect(f.calls.create.length - before).toBe(1);
      expect(await f.balance("invoice", inv.id)).toBe(0);
    });
  });

  describe("refunds", () => {
    it("give back the principal, never the fee, once per key, and the balance is owed again", async () => {
      const inv = invoice();
      const paid = await f.call("pay", {
        ...cardParams("4111111111111111"),
        attemptKey: newKey(),
        items: [
          { kind: "invoice", id: inv.id, amount: 600 },
          { kind: "gallery-account", id: "2418009", amount: 400 },
        ],
      });
      const paymentId = String(paid.paymentId);
      const owed = await f.balance("gallery-account", "2418009");
      const part = await f.payments.refund(paymentId, { refundKey: "refund-a", amount: 700 });
      expect(part).toMatchObject({ amountCents: 700, status: "succeeded" });
      expect(await f.payments.refund(paymentId, { refundKey: "refund-a", amount: 700 })).toEqual(part);
      // 700 of the principal: all of the invoice's 600, then 100 of the account's 400.
      expect(await f.balance("invoice", inv.id)).toBe(inv.balance);
      expect(await f.balance("gallery-account", "2418009")).toBe(owed + 100);
      const rest = await f.payments.refund(paymentId, { refundKey: "refund-b" });
      expect(rest.amountCents).toBe(300);
      expect(await f.balance("gallery-account", "2418009")).toBe(owed + 400);
      await expect(f.payments.refund(paymentId, { refundKey: "refund-c", amount: 1 })).rejects.toThrow(
        RangeError,
      );
      const refunds = f.calls.refund.filter((r) => r.idempotencyKey.startsWith("refund:refund-"));
      expect(refunds.map((r) => r.amount)).toEqual([700, 300]);
      expect(refunds.reduce((sum, r) => sum + r.amount, 0)).toBe(paid.subtotal);
      const [row] = await f.db.all<{ refunded: number | string; fee: number | string }>(
        "SELECT refunded_cents AS refunded, fee_cents AS fee FROM payments WHERE id = ?",
        [paymentId],
      );
      expect(Number(row?.refunded)).toBe(1_000);
      expect(Number(row?.fee)).toBe(25);
    });

    it("give back each item once when two refunds are made in the same millisecond", async () => {
      // A frozen clock: every refund has the same created_at, and their ids are random. Their
      // order must come from when each was reserved, or the second could give the invoice back
      // what the first already did (2 payments in 6 would on average, so a missed order fails).
      const frozen = await paymentsFixture(test.db, { now: () => new Date("2026-11-26T15:00:00.000Z") });
      for (let i = 0; i < 6; i++) {
        const inv = invoice();
        const paid = await frozen.call("pay", {
          ...cardParams("4111111111111111"),
          attemptKey: newKey(),
          items: [
            { kind: "invoice", id: inv.id, amount: 600 },
            { kind: "gallery-account", id: "2418009", amount: 400 },
          ],
        });
        const owed = await frozen.balance("gallery-account", "2418009");
        await frozen.payments.refund(String(paid.paymentId), { refundKey: `same-ms-a-${i}`, amount: 700 });
        await frozen.payments.refund(String(paid.paymentId), { refundKey: `same-ms-b-${i}` });
        expect(await frozen.balance("invoice", inv.id)).toBe(inv.balance);
        expect(await frozen.balance("gallery-account", "2418009")).toBe(owed + 400);
      }
    });
  });
});

describe.each(DATABASES)("a payment whose answer was lost, on %s", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase(kind);
  });
  afterAll(() => test.drop());

  /** The sandbox, except that the answer to the first confirm never arrives (it went through). */
  function losingFirstAnswer(): PaymentProvider {
    const sandbox = sandboxProvider();
    let lost = false;
    return {
      ...sandbox,
      async confirm(id, options) {
        const answer = await sandbox.confirm(id, options);
        if (!lost) {
          lost = true;
          throw new TypeError("fetch failed: socket hang up");
        }
        return answer;
      },
    };
  }

  it("stays pending, holds the balance, and a retry with the same key finishes it without charging twice", async () => {
    const f = await paymentsFixture(test.db, { provider: losingFirstAnswer() });
    const [inv] = await spareInvoices(test.db);
    if (!inv) throw new Error("no invoice");
    const params = {
      ...cardParams("4111111111111111"),
      attemptKey: newKey(),
      email: "grace@example.com",
      items: [{ kind: "invoice", id: inv.id, amount: 900 }],
    };
    expect(await refusalOf(f.call("pay", params))).toEqual([{ path: "", message: SERVER_ERROR }]);
    const [pending] = await test.db.all<{ status: string; provider_payment_id: string | null }>(
      "SELECT status, provider_payment_id FROM payments WHERE attempt_key = ?",
      [params.attemptKey],
    );
    expect(pending?.status).toBe("pending");
    expect(pending?.provider_payment_id).toMatch(/^sbx_ok_/);
    expect(await f.balance("invoice", inv.id)).toBe(inv.balance - 900);
    expect(f.logs.join("\n")).toContain("socket hang up");

    const paid = await f.call("pay", params);
    expect(paid).toMatchObject({ status: "approved", subtotal: 900 });
    // The retry asked where the payment created the first time stands; it created and charged nothing.
    expect(f.calls.create).toEqual([`${paid.paymentId}:1`]);
    expect(f.calls.confirm).toHaveLength(1);
    expect(f.calls.status).toEqual([pending?.provider_payment_id]);
    expect(await f.balance("invoice", inv.id)).toBe(inv.balance - 900);
    await f.deliver();
    expect(f.sent).toHaveLength(1);
  });

  it("creates the payment again under the same idempotency key when the answer to the create was lost", async () => {
    const sandbox = sandboxProvider();
    let lost = false;
    const f = await paymentsFixture(test.db, {
      provider: {
        ...sandbox,
        async create(request) {
          const created = await sandbox.create(request);
          if (lost) return created;
          lost = true;
          throw new TypeError("fetch failed: other side closed");
        },
      },
    });
    const inv = (await spareInvoices(test.db))[3];
    if (!inv) throw new Error("no invoice");
    const params = {
      ...cardParams("4111111111111111"),
      attemptKey: newKey(),
      items: [{ kind: "invoice", id: inv.id, amount: 300 }],
    };
    expect(await refusalOf(f.call("pay", params))).toEqual([{ path: "", message: SERVER_ERROR }]);
    const paid = await f.call("pay", params);
    expect(paid).toMatchObject({ status: "approved" });
    expect(f.calls.create).toEqual([`${paid.paymentId}:1`, `${paid.paymentId}:1`]);
    expect(f.calls.confirm).toHaveLength(1);
    expect(await f.balance("invoice", inv.id)).toBe(inv.balance - 300);
  });

  it("is settled by the background sweep when nobody retries", async () => {
    let now = new Date("2026-11-22T15:00:00.000Z");
    const f = await paymentsFixture(test.db, { provider: losingFirstAnswer(), now: () => now });
    const inv = (await spareInvoices(test.db))[1];
    if (!inv) throw new Error("no invoice");
    const params = {
      ...cardParams("4111111111111111"),
      attemptKey: newKey(),
      items: [{ kind: "invoice", id: inv.id, amount: 450 }],
    };
    await refusalOf(f.call("pay", params));
    now = new Date(now.getTime() + 5 * 60_000);
    expect(await f.payments.settleStale()).toBe(1);
    const [row] = await test.db.all<{ status: string }>("SELECT status FROM payments WHERE attempt_key = ?", [
      params.attemptKey,
    ]);
    expect(row?.status).toBe("approved");
    expect(await f.balance("invoice", inv.id)).toBe(inv.balance - 450);
    expect(await f.payments.settleStale()).toBe(0);
  });

  it("gives the balance back when the provider says it failed", async () => {
    const failing: PaymentProvider = {
      ...sandboxProvider(),
      confirm: () => Promise.reject(new ProviderError("HTTP 500", "failed")),
    };
    const f = await paymentsFixture(test.db, { provider: failing });
    const inv = (await spareInvoices(test.db))[2];
    if (!inv) throw new Error("no invoice");
    expect(
      await refusalOf(
        f.call("pay", {
          ...cardParams("4111111111111111"),
          attemptKey: newKey(),
          items: [{ kind: "invoice", id: inv.id, amount: 450 }],
        }),
      ),
    ).toEqual([{ path: "", message: SERVER_ERROR }]);
    expect(await f.balance("invoice", inv.id)).toBe(inv.balance);
  });
});

describe.each(DATABASES)("two web processes on one %s database", (kind) => {
  let test: TestDatabase;
  let second: Database;
  let dir: string | undefined;

  beforeAll(async () => {
    if (kind === "sqlite") {
      // Two connections to one file: what two processes on one machine share.
      dir = mkdtempSync(join(tmpdir(), "payments-"));
      const file = join(dir, "cedarport.sqlite");
      const first = await openDatabase({ file });
      await migrate(first);
      test = { db: first, drop: () => first.close() };
      second = await openDatabase({ file });
    } else {
      test = await openTestDatabase(kind);
      const [row] = await test.db.all<{ schema: string }>("SELECT current_schema() AS schema");
      const url = new URL(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
      url.searchParams.set("options", `-c search_path=${row?.schema}`);
      second = await openDatabase({ url: url.toString(), file: "" });
    }
  });
  afterAll(async () => {
    await second.close();
    await test.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("never charge twice for one attempt that reaches both", async () => {
    const one = await paymentsFixture(test.db);
    const two = await paymentsFixture(second);
    const [inv] = await spareInvoices(test.db);
    if (!inv) throw new Error("no invoice");
    const params = {
      ...cardParams("4111111111111111"),
      attemptKey: newKey(),
      items: [{ kind: "invoice", id: inv.id, amount: 2_000 }],
    };
    const results = await Promise.all([
      one.call("pay", params),
      two.call("pay", params),
      one.call("pay", params),
      two.call("pay", params),
    ]);
    expect(new Set(results.map((r) => r.paymentId)).size).toBe(1);
    expect(results.every((r) => r.status === "approved")).toBe(true);
    expect(one.calls.confirm.length + two.calls.confirm.length).toBe(1);
    expect(await one.balance("invoice", inv.id)).toBe(inv.balance - 2_000);
    const [row] = await test.db.all<{ n: number | string }>(
      "SELECT COUNT(*) AS n FROM payments WHERE attempt_key = ?",
      [params.attemptKey],
    );
    expect(Number(row?.n)).toBe(1);
  });
});
