import { describe, expect, it } from "vitest";
import { useInProcessApp } from "./in-process-app";
import { builtSite } from "./requirements";

/**
 * The address lookup's endpoint (GET /api/v1/addresses) over HTTP, on the production build with a
 * fresh SQLite database holding the demo parcels.
 */
const hasBuild = builtSite("the address lookup tests");

describe.runIf(hasBuild)("GET /api/v1/addresses", () => {
  const site = useInProcessApp({ prefix: "cedarport-addresses-" });
  const get = async (query: string) => {
    const response = await fetch(`${site.base}/api/v1/addresses?${query}`);
    return { response, body: (await response.json()) as unknown };
  };
  const q = (text: string, more = "") => `q=${encodeURIComponent(text)}${more}`;

  it("suggests matching city addresses, one line each with the parcel number", async () => {
    const { response, body } = await get(q("1418 north cedar avenue"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(body).toEqual([{ address: "1418 N Cedar Ave, Cedarport, IN 46202", parcelNumber: "1000002" }]);
  });

  it("suggests a street's addresses without a house number, at most 8", async () => {
    const { body } = await get(q("N Cedar Av"));
    const list = body as Array<{ address: string; parcelNumber: string }>;
    expect(list).toHaveLength(8);
    for (const item of list) {
      expect(item.address).toMatch(/^\d+ N Cedar Ave, Cedarport, IN \d{5}$/);
      expect(item.parcelNumber).toMatch(/^\d{7}$/);
    }
    expect(((await get(q("N Cedar Av", "&limit=3"))).body as unknown[]).length).toBe(3);
    expect(((await get(q("N Cedar Av", "&limit=500"))).body as unknown[]).length).toBe(8);
  });

  it("reads a house number still being typed as the start of longer ones, the exact one first", async () => {
    for (const text of ["141", "141 ", "141 Ma"]) {
      const list = (await get(q(text))).body as Array<{ address: string }>;
      expect(list.length, text).toBeGreaterThan(1);
      for (const item of list) expect(item.address, text).toMatch(/^141\d* /);
      expect(
        list.some((item) => !item.address.startsWith("141 ")),
        text,
      ).toBe(true);
    }
    expect((await get(q("141 N Ced"))).body).toContainEqual({
      address: "1418 N Cedar Ave, Cedarport, IN 46202",
      parcelNumber: "1000002",
    });
    // A whole number is still exact first: the resident's own house heads the list.
    const [first] = (await get(q("1418 N Cedar Ave"))).body as Array<{ address: string }>;
    expect(first?.address).toBe("1418 N Cedar Ave, Cedarport, IN 46202");
  });

  it("finds units however they are written", async () => {
    for (const text of [
      "6100 W Washington St Lot 14",
      "6100 w washington st #14",
      "6100 W Washington Street, Apt 14",
    ]) {
      expect((await get(q(text))).body, text).toEqual([
        { address: "6100 W Washington St Lot 14, Cedarport, IN 46222", parcelNumber: "8000001" },
      ]);
    }
  });

  it("gives a parcel number's address", async () => {
    for (const text of ["1000002", "49-01-12-000-002.000-101"]) {
      expect((await get(q(text))).body, text).toEqual([
        { address: "1418 N Cedar Ave, Cedarport, IN 46202", parcelNumber: "1000002" },
      ]);
    }
    expect((await get(q("9999999"))).body).toEqual([]);
  });

  it("answers [] for fewer than 3 characters", async () => {
    for (const query of ["", "q=", q("ce"), q("  12  ")]) {
      const { response, body } = await get(query);
      expect(response.status, query).toBe(200);
      expect(body).toEqual([]);
    }
  });

  it("never answers a 500 to bad input", async () => {
    const bad = [
      q("x".repeat(5000)),
      q("%%%"),
      q("___"),
      q("%_%"),
      q("' OR 1=1 --"),
      q("'; DROP TABLE parcels; --"),
      q("🏠🏠🏠"),
      q("\u0000\u0000\u0000"),
      "q=%zz%zz",
    ];
    for (const query of bad) {
      const { response, body } = await get(query);
      expect(response.status, query).toBe(200);
      expect(body, query).toEqual([]);
    }
    // A broken escape is read as text (here "\uFFFD%A": a street starting with A), not an error.
    const broken = await get("q=%E0%A4%A");
    expect(broken.response.status).toBe(200);
    expect(Array.isArray(broken.body)).toBe(true);
    for (const query of [
      q("cedar", "&limit=0"),
      q("cedar", "&limit=-1"),
      q("cedar", "&limit=abc"),
      `${q("cedar")}&q=oak`,
    ]) {
      const { response, body } = await get(query);
      expect(response.status, query).toBe(400);
      expect(body).toMatchObject({ error: expect.any(String) });
    }
    // The parcels are still there.
    expect((await get(q("200 E Market St"))).body).toEqual([
      { address: "200 E Market St, Cedarport, IN 46204", parcelNumber: "1000001" },
    ]);
  });
});
