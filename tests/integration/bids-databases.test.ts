import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Bids, createBids } from "../../src/integrations/bids";
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
