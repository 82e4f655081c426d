import { describe, expect, it } from "vitest";
import { buildRecords, coerceRecord, type IndexSource } from "./records";
import { sampleSource } from "./test-fixtures";

describe("buildRecords", () => {
  const records = buildRecords(sampleSource());
  const byId = new Map(records.map((record) => [record.objectID, record]));

  it("makes one record per item and language, with the spec's hit shape", () => {
    expect(records).toHaveLength(8 * 2);
    const es = byId.get("Activity:pay-property-taxes:es");
    expect(es).toMatchObject({
      __typename: "Activity",
      id: "pay-property-taxes",
      slug: "pay-property-taxes",
      locale: "es",
      kind: "activity",
      activity_type: "Payment",
      external_content_url: null,
      localizations: [
        {
          locale: "es",
          title: "Pagar los impuestos sobre la propiedad",
          subtitle: "Pague en línea, por correo o en persona",
          description: "Pague su cuota de primavera u otoño.",
        },
      ],
      tag_ids: ["pay"],
      agency_ids: ["treasurer"],
      topic_ids: ["property-taxes"],
      tags: ["Pagar"],
      agencies: ["Tesorería del Condado"],
      topics: ["Impuestos"],
    });
    expect(es?.description).toContain("Formas de pago En línea con tarjeta.");
    expect(es?.description).not.toContain("##");
  });

  it("falls back to English for a field a translation leaves out", () => {
    const es = byId.get("Activity:apply-for-a-homestead-deduction:es");
    expect(es?.localizations[0]?.subtitle).toBe("Lower the taxes on the home you live in");
    const en = byId.get("Activity:apply-for-a-homestead-deduction:en");
    // no short description: the start of the description stands in
    expect(en?.localizations[0]?.description).toBe(
      "The homestead deduction lowers the assessed value of your home.",
    );
  });

  it("carries external URLs and makes services of workflows", () => {
    expect(byId.get("Activity:register-to-vote:en")?.external_content_url).toBe(
      "https://vote.example.org/register",
    );
    expect(byId.get("Service:homestead-deduction-application:es")).toMatchObject({
      __typename: "Service",
      kind: "service",
      slug: "homestead-deduction-application",
      localizations: [
        {
          locale: "es",
          title: "Solicitud de deducción por vivienda principal",
          subtitle: null,
          description: null,
        },
      ],
    });
  });

  it("skips items it cannot index instead of failing", () => {
    const broken = {
      activities: [
        { id: "", slug: "x", title: "X", localizations: [] },
        null,
        { id: "y", slug: "y", title: "", localizations: [] },
      ],
      agencies: undefined,
      topics: [],
      services: [{ name: "", title: { en: "x", es: "x" } }],
    } as unknown as IndexSource;
    expect(buildRecords(broken)).toEqual([]);
  });
});

describe("coerceRecord", () => {
  it("completes a pushed record and refuses one without id or type", () => {
    const [record] = buildRecords(sampleSource());
    expect(coerceRecord(record)).toEqual(record);
    expect(
      coerceRecord({ objectID: "Topic:x:es", __typename: "Topic", title: 5, tags: ["a", 1] }),
    ).toMatchObject({
      id: "Topic:x:es",
      slug: "Topic:x:es",
      locale: "en",
      kind: "topic",
      title: "",
      tags: ["a"],
    });
    expect(coerceRecord({ objectID: "x", __typename: "Page" })).toBeNull();
    expect(coerceRecord({ __typename: "Topic" })).toBeNull();
    expect(coerceRecord("x")).toBeNull();
  });
});
