import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/database";
import { migrate } from "../../src/db/migrate";
import { type Bids, createBids, SEALED_CONTACT_COLUMNS } from "../../src/integrations/bids";
import { createFieldCipher } from "../../src/server/field-crypto";
import { resealAll } from "../../src/server/reseal";
import { REFERENCE_ALPHABET } from "../../src/workflow/reference";
import { DATABASES, openTestDatabase, type TestDatabase } from "./databases";

/**
 * The embedded bids' SQL (the shown status, sorting by a given order, paging, upserting the demo
 * bids, packet requests) on each database the site runs on.
 */
describe.each(DATABASES)("bids on %s", (kind) => {
  let t: TestDatabase;
  let bids: Bids;
  let now = new Date("2026-11-26T15:00:00.000Z");

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    bids = createBids({ kind: "embedded", db: t.db, demo: true, now: () => now });
  });
  afterAll(() => t.drop());

  it("lists, filters, sorts and pages", async () => {
    const all = await bids.list();
    expect(all).toMatchObject({ total: 40, pageCount: 4, page: 1 });
    const open = await bids.list({ status: "open", sort: "number", page: 2 });
    expect(open).toMatchObject({ total: 16, page: 2 });
    expect(open.items).toHaveLength(6);
    const agencies = await bids.list({ sort: "agency", agencyOrder: ["treasurer"], pageSize: 2 });
    expect(agencies.items.map((b) => b.agency)).toEqual(["treasurer", "treasurer"]);
    const statuses = (await bids.list({ sort: "status", direction: "desc", pageSize: 5 })).items;
    expect(statuses.every((b) => b.status === "cancelled")).toBe(true);
    expect((await bids.agencies()).length).toBe(14);
  });

  it("records a packet request and its downloads, once per reference", async () => {
    const request = {
      reference: "HRWT96AF",
      bidNumber: "ITB-2026-0142",
      companyName: "Hoosier Paving Co.",
      streetAddress: "4100 W 16th St, Cedarport, IN 46222",
      phone: "(317) 555-0142",
      email: "bids@hoosierpaving.example",
      locale: "en",
    };
    const stored = await bids.recordPacketRequest(request);
    expect(await bids.recordPacketRequest({ ...request, companyName: "Other" })).toEqual(stored);
    await bids.recordDownload("HRWT96AF", "ITB-2026-0142");
    expect(await bids.downloadCount("HRWT96AF")).toBe(1);
    expect(await bids.packetRequest("HRWT96AF", "ITB-2026-0147")).toBeUndefined();
  });

  it("moves the demo bids to a new day and keeps the requests", async () => {
    now = new Date("2026-12-10T15:00:00.000Z");
    expect(await bids.find("ITB-2026-0154")).toMatchObject({ status: "open", dueDate: "2026-12-13" });
    expect(await bids.packetRequests("ITB-2026-0142")).toHaveLength(1);
  });
});

const bidder = {
  companyName: "Hoosier Paving Co.",
  streetAddress: "4100 W 16th St, Cedarport, IN 46222",
  phone: "(317) 555-0142",
  email: "bids@hoosierpaving.example",
  locale: "en",
};
/** What must never be stored as written: the bidder's name, e-mail, street and phone. */
const PLAIN = /Hoosier Paving|hoosierpaving|4100 W 16th|555-0142|555-0199/;
const newCipher = () => createFieldCipher(randomBytes(32).toString("base64"));
const when = () => new Date("2026-11-26T15:00:00.000Z");
/** References of the reference alphabet, as many as asked. */
const references = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `HRWT96${REFERENCE_ALPHABET[Math.floor(i / 20)]}${REFERENCE_ALPHABET[i % 20]}`,
  );

/**
 * Bidders' contact details through the field cipher (DATA_KEY) on each database: stored sealed,
 * read back by the purchasing office's list and the packet download, rows stored before sealing
 * sealed on first use, and re-sealed with the rest after a key rotation.
 */
describe.each(DATABASES)("bidders' details sealed on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(() => t.drop());

  const rows = () =>
    t.db.all<Record<string, unknown>>("SELECT * FROM bid_packet_requests ORDER BY reference");

  it("seals the rows stored before sealing on first use, then stores every new bidder sealed", async () => {
    const unsealed = createBids({ kind: "embedded", db: t.db, demo: true, now: when });
    for (const reference of references(3))
      await unsealed.recordPacketRequest({
        ...bidder,
        reference,
        bidNumber: "ITB-2026-0142",
        fax: "(317) 555-0199",
      });
    expect(JSON.stringify(await rows())).toMatch(PLAIN);

    const cipher = newCipher();
    const bids = createBids({ kind: "embedded", db: t.db, demo: true, now: when, cipher });
    const listed = await bids.packetRequests("ITB-2026-0142");
    expect(listed).toHaveLength(3);
    expect(listed[0]).toMatchObject({ ...bidder, fax: "(317) 555-0199" });
    await bids.recordPacketRequest({ ...bidder, reference: "KMNP2345", bidNumber: "RFP-2026-0143" });
    expect(await bids.packetRequest("KMNP2345", "RFP-2026-0143")).toMatchObject({ ...bidder, fax: null });

    const stored = await rows();
    expect(stored).toHaveLength(4);
    expect(JSON.stringify(stored)).not.toMatch(PLAIN);
    for (const row of stored)
      for (const column of SEALED_CONTACT_COLUMNS)
        expect(row[column] === null || String(row[column]).startsWith("enc:v1:"), column).toBe(true);
    // The bid number, locale and time stay readable: the office sorts and counts by them.
    expect(stored[0]).toMatchObject({ bid_number: "ITB-2026-0142", locale: "en" });
  });

  it("re-seals the bidders' details with the rest after a key rotation", async () => {
    const oldKey = randomBytes(32).toString("base64");
    const fresh = await openTestDatabase(kind);
    try {
      const bids = createBids({
        kind: "embedded",
        db: fresh.db,
        demo: true,
        now: when,
        cipher: createFieldCipher(oldKey),
      });
      await bids.recordPacketRequest({
        ...bidder,
        reference: "HRWT96AF",
        bidNumber: "ITB-2026-0142",
        fax: "(317) 555-0199",
      });
      await bids.recordPacketRequest({ ...bidder, reference: "TXYN3456", bidNumber: "ITB-2026-0142" });
      // DATA_KEY rotated: the old key moves to DATA_KEYS_PREVIOUS while the rows are re-sealed.
      const newKey = randomBytes(32).toString("base64");
      const counts = await resealAll(fresh.db, createFieldCipher(newKey, [oldKey]));
      expect(counts).toMatchObject({
        "bid_packet_requests.company_name": 2,
        "bid_packet_requests.street_address": 2,
        "bid_packet_requests.phone": 2,
        "bid_packet_requests.email": 2,
        // One bidder gave no fax: nothing to seal.
        "bid_packet_requests.fax": 1,
      });
      // Then the old key can go: everything opens with the new one alone.
      const onlyNew = createBids({
        kind: "embedded",
        db: fresh.db,
        demo: true,
        now: when,
        cipher: createFieldCipher(newKey),
      });
      expect(await onlyNew.packetRequests("ITB-2026-0142")).toEqual([
        expect.objectContaining({ reference: "HRWT96AF", ...bidder, fax: "(317) 555-0199" }),
        expect.objectContaining({ reference: "TXYN3456", ...bidder, fax: null }),
      ]);
    } finally {
      await fresh.drop();
    }
  });
});

/**
 * The SQLite file itself (the embedded default): a bidder's name, e-mail, street and phone are
 * nowhere in its bytes, neither for a bidder stored sealed nor for bidders stored before sealing,
 * whose plain bytes sealing in place would leave in the pages' free space.
 */
describe("the SQLite file of the bidders' details", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "cedarport-bidders-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Every byte SQLite keeps for the database: the file, and its write-ahead log if any. */
  const bytesOf = (file: string) =>
    Buffer.concat([file, `${file}-wal`].filter((f) => existsSync(f)).map((f) => readFileSync(f)));

  it("never holds a bidder's details as written", async () => {
    const file = join(dir, "sealed.sqlite");
    const db = await openDatabase({ file });
    await migrate(db);
    const bids = createBids({ kind: "embedded", db, demo: true, now: when, cipher: newCipher() });
    for (const reference of references(40))
      await bids.recordPacketRequest({
        ...bidder,
        reference,
        bidNumber: "ITB-2026-0142",
        fax: "(317) 555-0199",
      });
    expect(await bids.packetRequests("ITB-2026-0142")).toHaveLength(40);
    // While open (the log holds the latest pages) and once closed (written back into the file).
    expect(bytesOf(file).toString("latin1")).not.toMatch(PLAIN);
    await db.close();
    expect(bytesOf(file).toString("latin1")).not.toMatch(PLAIN);
  });

  it("keeps none of the plain bytes of the bidders stored before sealing", async () => {
    const file = join(dir, "older.sqlite");
    const older = await openDatabase({ file });
    await migrate(older);
    const unsealed = createBids({ kind: "embedded", db: older, demo: true, now: when });
    // Enough rows to fill several pages, so splits copy cells around as a real table's do.
    for (const reference of references(60))
      await unsealed.recordPacketRequest({ ...bidder, reference, bidNumber: "ITB-2026-0142" });
    await older.close();
    expect(bytesOf(file).toString("latin1")).toMatch(PLAIN);

    const db = await openDatabase({ file });
    try {
      const bids = createBids({ kind: "embedded", db, demo: true, now: when, cipher: newCipher() });
      const listed = await bids.packetRequests("ITB-2026-0142");
      expect(listed).toHaveLength(60);
      expect(listed.every((r) => r.companyName === bidder.companyName && r.email === bidder.email)).toBe(
        true,
      );
      expect(bytesOf(file).toString("latin1")).not.toMatch(PLAIN);
    } finally {
      await db.close();
    }
    expect(bytesOf(file).toString("latin1")).not.toMatch(PLAIN);
  });
});
