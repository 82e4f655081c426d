import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Queryable } from "../../src/db/database";
import { invoiceViews, seedPaymentDemoData } from "../../src/integrations/payments";
import { createPropertyRecords, seedPropertyRecords } from "../../src/integrations/property-records";
import { DATABASES, openTestDatabase, type TestDatabase } from "./databases";
import { PARCEL_COUNT } from "./payments-fixture";

/**
 * What the invoice page (/payments/invoices/:id) reads: the stored invoice, what was paid of it,
 * and the parcel's state number and address from the property records when they know the parcel.
 */
describe.each(DATABASES)("invoice views on %s", (kind) => {
  let test: TestDatabase;
  const views = () => invoiceViews(test.db, createPropertyRecords({ kind: "embedded", db: test.db }));

  beforeAll(async () => {
    test = await openTestDatabase(kind);
    await seedPropertyRecords(test.db, { count: PARCEL_COUNT });
    await seedPaymentDemoData(test.db);
  });
  afterAll(() => test.drop());

  it("gives a demo invoice with what was paid and the parcel's state number and address", async () => {
    expect(await views().invoice("RP-2026-1-1000002")).toEqual({
      id: "RP-2026-1-1000002",
      parcelNumber: "1000002",
      stateParcelNumber: "49-01-07-000-002.000-101",
      address: { line1: "1418 N Cedar Ave", city: "Cedarport", state: "IN", zip: "46202" },
      payYear: 2026,
      installment: 1,
      taxType: "real-property",
      dueDate: "2026-05-11",
      amountCents: 106_250,
      paidCents: 70_000,
      balanceCents: 36_250,
    });
  });

  it("leaves the state number and address out when the property records do not know the parcel", async () => {
    await test.db.run(
      `INSERT INTO invoices (id, parcel_number, pay_year, installment, tax_type, due_date, amount_cents, balance_cents)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ["RP-2026-2-9999999", "9999999", 2026, 2, "real-property", "2026-11-10", 50_000, 50_000],
    );
    expect(await views().invoice("RP-2026-2-9999999")).toMatchObject({
      parcelNumber: "9999999",
      stateParcelNumber: null,
      address: null,
      paidCents: 0,
      balanceCents: 50_000,
    });
  });

  it("has nothing for an unknown id", async () => {
    // Parcel 2000001 has paid everything: it has no invoice at all.
    expect(await views().invoice("RP-2026-2-2000001")).toBeUndefined();
    expect(await views().invoice("rp-2026-2-1000001")).toBeUndefined();
  });

  it("does not ask the database about an id that cannot be one", async () => {
    const asked: string[] = [];
    const db: Queryable = {
      dialect: test.db.dialect,
      all: async (sql) => {
        asked.push(sql);
        return [];
      },
      run: async (sql) => {
        asked.push(sql);
        return { changes: 0 };
      },
      exec: async (sql) => void asked.push(sql),
    };
    const guarded = invoiceViews(db, { findByParcelNumber: async () => null });
    for (const id of ["", " ", "../../etc/passwd", "RP 2026", "RP-2026-2-1000001'--", "-RP", "x".repeat(65)])
      expect(await guarded.invoice(id), JSON.stringify(id)).toBeUndefined();
    expect(asked).toEqual([]);
    await guarded.invoice("RP-2026-2-1000001");
    expect(asked).toHaveLength(1);
  });

  it("lists a parcel's invoices with a balance, due first first (the property page's taxes due)", async () => {
    expect(await views().openForParcel("1000002")).toEqual([
      {
        id: "RP-2026-1-1000002",
        payYear: 2026,
        installment: 1,
        taxType: "real-property",
        dueDate: "2026-05-11",
        amountCents: 106_250,
        balanceCents: 36_250,
      },
      {
        id: "RP-2026-2-1000002",
        payYear: 2026,
        installment: 2,
        taxType: "real-property",
        dueDate: "2026-11-10",
        amountCents: 106_250,
        balanceCents: 106_250,
      },
    ]);
    // Everything paid: nothing due. Not a canonical parcel number: not asked.
    expect(await views().openForParcel("2000001")).toEqual([]);
    expect(await views().openForParcel("100-0002")).toEqual([]);
    expect(await views().openForParcel("' OR 1=1 --")).toEqual([]);
  });
});
