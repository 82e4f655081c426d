import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../db/database";
import { migrate } from "../../db/migrate";
import { createFieldCipher } from "../../server/field-crypto";
import { IntegrationRefusal } from "../../workflow/integrations";
import {
  BID_STATUSES,
  type Bids,
  bidsCall,
  createBids,
  DEMO_BIDS,
  demoBidsOn,
  normalizeBidNumber,
  packetDocument,
  SERVICE_TYPES,
  sealStoredContacts,
  shownStatus,
} from "./index";

// 10:00 on Nov 26, 2026 in Cedarport.
let now = new Date("2026-11-26T15:00:00.000Z");
const clock = () => now;
let db: Database;
let bids: Bids;

beforeAll(async () => {
  db = await openDatabase({ file: ":memory:" });
  await migrate(db);
  bids = createBids({
    kind: "embedded",
    db,
    demo: true,
    now: clock,
    cipher: createFieldCipher(randomBytes(32).toString("base64")),
  });
});
afterAll(() => db.close());

const context = (locale: "en" | "es" = "en") => ({ workflow: "get-bid-packet", screen: "x", locale });
const bidder = {
  companyName: "Hoosier Paving Co.",
  streetAddress: "4100 W 16th St, Cedarport, IN 46222",
  phone: "(317) 555-0142",
  email: "bids@hoosierpaving.example",
  locale: "en",
};

describe("the demo bids", () => {
  it("are 40, with unique numbers, every status and service type, and real agencies", () => {
    expect(DEMO_BIDS).toHaveLength(40);
    expect(new Set(DEMO_BIDS.map((b) => b.number)).size).toBe(40);
    for (const status of BID_STATUSES) expect(DEMO_BIDS.some((b) => b.status === status)).toBe(true);
    for (const type of SERVICE_TYPES) expect(DEMO_BIDS.some((b) => b.serviceType === type)).toBe(true);
    for (const b of DEMO_BIDS) expect(normalizeBidNumber(b.number)).toBe(b.number);
  });

  it("have dates that fit their status on any day: open ahead, closed and awarded behind", () => {
    for (const today of ["2026-11-26", "2027-02-28", "2030-06-15"]) {
      for (const b of demoBidsOn(today)) {
        if (b.status === "open") expect(b.dueDate > today).toBe(true);
        if (b.status === "closed" || b.status === "awarded") expect(b.dueDate < today).toBe(true);
        expect(b.issuedOn < b.dueDate).toBe(true);
      }
    }
  });
});

describe("shownStatus", () => {
  it("closes an open bid the day after its due date, and leaves the others as set", () => {
    expect(shownStatus("open", "2026-11-26", "2026-11-26")).toBe("open");
    expect(shownStatus("open", "2026-11-25", "2026-11-26")).toBe("closed");
    expect(shownStatus("awarded", "2026-12-25", "2026-11-26")).toBe("awarded");
    expect(shownStatus("cancelled", "2026-11-01", "2026-11-26")).toBe("cancelled");
  });
});

describe("the embedded bids", () => {
  it("lists every bid 10 a page, due date last first by default", async () => {
    const first = await bids.list({ direction: "desc" });
    expect(first.total).toBe(40);
    expect(first.pageCount).toBe(4);
    expect(first.items).toHaveLength(10);
    const dates = first.items.map((b) => b.dueDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const all = (await bids.list({ pageSize: 100 })).items.map((b) => b.number);
    expect(new Set(all).size).toBe(40);
  });

  it("sorts by each column both ways", async () => {
    const numbers = (await bids.list({ sort: "number", pageSize: 100 })).items.map((b) => b.number);
    expect(numbers).toEqual([...numbers].sort());
    const down = (await bids.list({ sort: "number", direction: "desc", pageSize: 100 })).items.map(
      (b) => b.number,
    );
    expect(down).toEqual([...numbers].reverse());
    const titles = (await bids.list({ sort: "title", pageSize: 100 })).items.map((b) =>
      b.title.toLowerCase(),
    );
    expect(titles).toEqual([...titles].sort());
    const statuses = (await bids.list({ sort: "status", pageSize: 100 })).items.map((b) => b.status);
    expect(statuses.indexOf("closed")).toBeGreaterThan(statuses.lastIndexOf("open"));
    expect(statuses.indexOf("cancelled")).toBeGreaterThan(statuses.lastIndexOf("awarded"));
  });

  it("sorts agencies and service types in the order it is given (the names the resident reads)", async () => {
    const order = ["sheriff", "parks", "auditor"];
    const agencies = (await bids.list({ sort: "agency", agencyOrder: order, pageSize: 100 })).items.map(
      (b) => b.agency,
    );
    expect(agencies.slice(0, 3)).toEqual(["sheriff", "sheriff", "sheriff"]);
    expect(agencies.indexOf("parks")).toBeGreaterThan(agencies.lastIndexOf("sheriff"));
    const types = (
      await bids.list({
        sort: "serviceType",
        serviceTypeOrder: ["goods", "construction"],
        direction: "desc",
        pageSize: 100,
      })
    ).items.map((b) => b.serviceType);
    expect(types[types.length - 1]).toBe("goods");
  });

  it("filters by status and agency, and pages within the filter", async () => {
    const open = await bids.list({ status: "open", pageSize: 100 });
    expect(open.total).toBe(16);
    expect(open.items.every((b) => b.status === "open")).toBe(true);
    const works = await bids.list({ agency: "public-works", pageSize: 100 });
    expect(works.items.every((b) => b.agency === "public-works")).toBe(true);
    const both = await bids.list({ agency: "public-works", status: "awarded" });
    expect(both.items.map((b) => b.number).sort()).toEqual(["ITB-2026-0101", "ITB-2026-0103"]);
    expect(await bids.list({ agency: "nobody" })).toMatchObject({
      items: [],
      total: 0,
      page: 1,
      pageCount: 1,
    });
  });

  it("clamps a page out of range and a silly page size", async () => {
    expect((await bids.list({ page: 99 })).page).toBe(4);
    expect((await bids.list({ page: -3 })).page).toBe(1);
    expect((await bids.list({ page: Number.NaN })).page).toBe(1);
    expect((await bids.list({ pageSize: 0 })).items).toHaveLength(1);
    expect((await bids.list({ pageSize: 10_000 })).items).toHaveLength(40);
  });

  it("finds a bid by number in any case, and nothing for a malformed one", async () => {
    expect((await bids.find("itb-2026-0142"))?.title).toBe("Resurfacing of Washington Street, Phase 2");
    expect(await bids.find("ITB-1999-0001")).toBeUndefined();
    expect(await bids.find("../etc/passwd")).toBeUndefined();
    expect(await bids.find("x".repeat(31))).toBeUndefined();
  });

  it("offers only open bids for a packet, due first first", async () => {
    const open = await bids.openBids();
    expect(open).toHaveLength(16);
    expect(open[0]?.number).toBe("ITB-2026-0154");
  });

  it("records a packet request once per reference, and only for an open bid", async () => {
    const stored = await bids.recordPacketRequest({
      ...bidder,
      reference: "HRWT96AF",
      bidNumber: "itb-2026-0142",
    });
    expect(stored).toMatchObject({ reference: "HRWT96AF", bidNumber: "ITB-2026-0142", fax: null });
    const again = await bids.recordPacketRequest({
      ...bidder,
      companyName: "Someone Else",
      reference: "hrwt-96af",
      bidNumber: "ITB-2026-0142",
    });
    expect(again).toEqual(stored);
    expect(await bids.packetRequests("ITB-2026-0142")).toEqual([stored]);
    // The bidder's contact details are sealed at rest.
    const [row] = await db.all<Record<string, string>>(
      "SELECT * FROM bid_packet_requests WHERE reference = 'HRWT96AF'",
    );
    for (const column of ["company_name", "street_address", "phone", "email"])
      expect(row?.[column]?.startsWith("enc:v1:"), column).toBe(true);
    await expect(
      bids.recordPacketRequest({ ...bidder, reference: "KMNP2345", bidNumber: "ITB-2026-0101" }),
    ).rejects.toThrow(/not open/);
    await expect(
      bids.recordPacketRequest({ ...bidder, reference: "KMNP2345", bidNumber: "NOPE-1" }),
    ).rejects.toThrow(/not open/);
  });

  it("unlocks a packet only for the reference that asked for that bid, and counts downloads", async () => {
    await bids.recordPacketRequest({
      ...bidder,
      reference: "TXYN3456",
      bidNumber: "RFP-2026-0143",
      fax: "(317) 555-0199",
    });
    expect(await bids.packetRequest("TXYN3456", "rfp-2026-0143")).toMatchObject({ fax: "(317) 555-0199" });
    expect(await bids.packetRequest("TXYN3456", "ITB-2026-0142")).toBeUndefined();
    expect(await bids.packetRequest("AAAAAAAA", "RFP-2026-0143")).toBeUndefined();
    expect(await bids.packetRequest("not a ref", "RFP-2026-0143")).toBeUndefined();
    expect(await bids.downloadCount("TXYN3456")).toBe(0);
    await bids.recordDownload("TXYN3456", "RFP-2026-0143");
    await bids.recordDownload("TXYN3456", "RFP-2026-0143");
    expect(await bids.downloadCount("TXYN3456")).toBe(2);
  });

  it("moves the demo bids' dates on a new day, and an open bid past its due date shows closed", async () => {
    const before = await bids.find("ITB-2026-0154");
    expect(before).toMatchObject({ status: "open", dueDate: "2026-11-29" });
    // A process that has not seen the new day yet: the stored row still says open, due Nov 29.
    const stale = createBids({ kind: "embedded", db, now: () => new Date("2026-12-01T15:00:00.000Z") });
    expect(await stale.find("ITB-2026-0154")).toMatchObject({ status: "closed", dueDate: "2026-11-29" });
    now = new Date("2026-12-01T15:00:00.000Z");
    expect(await bids.find("ITB-2026-0154")).toMatchObject({ status: "open", dueDate: "2026-12-04" });
    // The requests stored before stay.
    expect(await bids.packetRequest("HRWT96AF", "ITB-2026-0142")).toBeDefined();
    now = new Date("2026-11-26T15:00:00.000Z");
    expect(await bids.find("ITB-2026-0154")).toMatchObject({ dueDate: "2026-11-29" });
  });
});

describe("bidders' details stored before they were sealed", () => {
  it("are sealed once, on first use with a cipher, and still read back as given", async () => {
    const older = await openDatabase({ file: ":memory:" });
    try {
      await migrate(older);
      // As the site stored them before sealing: no cipher.
      const unsealed = createBids({ kind: "embedded", db: older, demo: true, now: clock });
      await unsealed.recordPacketRequest({ ...bidder, reference: "HRWT96AF", bidNumber: "ITB-2026-0142" });
      await unsealed.recordPacketRequest({
        ...bidder,
        reference: "TXYN3456",
        bidNumber: "RFP-2026-0143",
        fax: "(317) 555-0199",
      });
      const raw = () =>
        older.all<Record<string, string | null>>("SELECT * FROM bid_packet_requests ORDER BY reference");
      expect((await raw())[0]?.company_name).toBe("Hoosier Paving Co.");

      const cipher = createFieldCipher(randomBytes(32).toString("base64"));
      const sealed = createBids({ kind: "embedded", db: older, demo: true, now: clock, cipher });
      // The purchasing office's list reads them as the bidders gave them.
      expect(await sealed.packetRequests("ITB-2026-0142")).toEqual([
        expect.objectContaining({ companyName: "Hoosier Paving Co.", email: "bids@hoosierpaving.example" }),
      ]);
      expect(await sealed.packetRequest("TXYN3456", "RFP-2026-0143")).toMatchObject({
        fax: "(317) 555-0199",
        phone: "(317) 555-0142",
      });
      for (const row of await raw()) {
        for (const column of ["company_name", "street_address", "phone", "email"])
          expect(row[column]?.startsWith("enc:v1:"), column).toBe(true);
        expect(row.fax === null || row.fax?.startsWith("enc:v1:")).toBe(true);
        expect(JSON.stringify(row)).not.toMatch(/Hoosier|hoosierpaving|555-01/);
      }
      // Once per database: done is done, for this process and the next.
      expect(await sealStoredContacts(older, cipher, now)).toBe(0);
      const [state] = await older.all<{ value: string }>(
        "SELECT value FROM bids_state WHERE key = 'contacts-sealed'",
      );
      expect(state?.value).toBe(now.toISOString());
    } finally {
      await older.close();
    }
  });

  it("leave a new database alone: it is marked done without a change", async () => {
    const fresh = await openDatabase({ file: ":memory:" });
    try {
      await migrate(fresh);
      const cipher = createFieldCipher(randomBytes(32).toString("base64"));
      expect(await sealStoredContacts(fresh, cipher, now)).toBe(0);
      expect(await fresh.all("SELECT key FROM bids_state WHERE key = 'contacts-sealed'")).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});

describe("the bids call", () => {
  const call = (operation: string, params: Record<string, unknown>, locale: "en" | "es" = "en") =>
    bidsCall(bids)("bids", operation, params, {}, context(locale));

  it("open-bids: every open bid, or those a number or title words match", async () => {
    const all = (await call("open-bids", {})) as { bids: { number: string }[] };
    expect(all.bids).toHaveLength(16);
    const one = (await call("open-bids", { query: "itb 2026 0147" })) as { bids: { number: string }[] };
    expect(one.bids.map((b) => b.number)).toEqual(["ITB-2026-0147"]);
    const words = (await call("open-bids", { query: "Garfield playground" })) as {
      bids: { number: string }[];
    };
    expect(words.bids.map((b) => b.number)).toEqual(["ITB-2026-0147"]);
  });

  it("open-bids refuses a search that matches nothing, in the resident's language", async () => {
    const error = await call("open-bids", { query: "ITB-2026-0101" }, "es").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IntegrationRefusal);
    expect((error as IntegrationRefusal).errors).toEqual([
      {
        path: "/query",
        message:
          "Ninguna licitación abierta coincide con “ITB-2026-0101”. Revise el número de licitación o deje el campo vacío para ver todas las licitaciones abiertas.",
        keyword: "lookup",
      },
    ]);
  });

  it("record-packet-request stores the bidder and gives the download address", async () => {
    const result = await call("record-packet-request", {
      ...bidder,
      reference: "WXY23456",
      bidNumber: "ITB-2026-0144",
      fax: "",
    });
    expect(result).toEqual({
      reference: "WXY23456",
      bidNumber: "ITB-2026-0144",
      title: "Police Patrol Vehicles, Model Year 2027",
      packets: [
        {
          number: "ITB-2026-0144",
          title: "Police Patrol Vehicles, Model Year 2027",
          url: "/bids/ITB-2026-0144/packet?ref=WXY23456",
        },
      ],
    });
    expect((await bids.packetRequest("WXY23456", "ITB-2026-0144"))?.fax).toBeNull();
  });

  it("record-packet-request refuses a bid that is not open, on the page", async () => {
    const error = await call("record-packet-request", {
      ...bidder,
      reference: "PRTC4567",
      bidNumber: "ITB-2026-0128",
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IntegrationRefusal);
    expect((error as IntegrationRefusal).errors[0]).toMatchObject({ path: "", keyword: "lookup" });
  });
});

describe("packetDocument", () => {
  it("writes the bid, the bidder and the instructions, titles as issued", async () => {
    const bid = await bids.find("ITB-2026-0142");
    const request = await bids.packetRequest("HRWT96AF", "ITB-2026-0142");
    if (!bid || !request) throw new Error("demo data missing");
    const text = packetDocument(bid, request, {
      locale: "es",
      agencyName: "Obras Públicas",
      office: {
        name: "Oficina de Compras",
        address: "200 E. Market Street, Suite 1522, Cedarport, IN 46204",
      },
      now,
    });
    expect(text).toContain("PAQUETE DE LICITACIÓN");
    expect(text).toContain("Número de licitación:");
    expect(text).toContain("Resurfacing of Washington Street, Phase 2");
    expect(text).toContain("Hoosier Paving Co.");
    expect(text).toContain("HRWT96AF");
    expect(text).toContain("Fecha de vencimiento:        11/30/2026, 2:00 p.m.");
    expect(text).not.toContain("Número de fax");
  });
});
