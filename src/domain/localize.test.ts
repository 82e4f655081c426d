import { describe, expect, it } from "vitest";
import {
  addressInLanguage,
  DEFAULT_LOCALE,
  isLocale,
  localize,
  localizeDeep,
  mergeLocalized,
  pickLocalization,
  supportedLocales,
  toLocale,
} from "./localize";

const activity = {
  id: "pay-property-taxes",
  slug: "pay-property-taxes",
  title: "Pay property taxes",
  subtitle: "Pay online, by mail or in person",
  description: { markdown: "English **markdown**", raw: "English raw" },
  header_image: { url: "/images/headers/property.svg", altText: "Houses" },
  accordions: [
    {
      id: "a1",
      title: "Ways to pay",
      items: [
        { id: "i1", title: "Online" },
        { id: "i2", title: "By mail" },
      ],
    },
    { id: "a2", title: "Deadlines", items: [] as { id: string; title: string }[] },
  ],
  localizations: [
    { locale: "en", title: "Pay property taxes" },
    {
      locale: "es",
      title: "Pagar los impuestos sobre la propiedad",
      subtitle: null,
      description: { markdown: "Markdown en **español**", raw: "" },
      header_image: { altText: "Casas" },
      accordions: [{ title: "Formas de pagar", items: [null, { title: "Por correo" }] }],
    },
  ],
};

describe("locales", () => {
  it("supports English and Spanish with English as default", () => {
    expect(supportedLocales).toEqual(["en", "es"]);
    expect(DEFAULT_LOCALE).toBe("en");
  });

  it("recognises supported locales only", () => {
    expect(isLocale("en")).toBe(true);
    expect(isLocale("es")).toBe(true);
    expect(isLocale("fr")).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });

  it("narrows any value to a supported locale", () => {
    expect(toLocale("es")).toBe("es");
    expect(toLocale("ES")).toBe("es");
    expect(toLocale("es-MX")).toBe("es");
    expect(toLocale("es_US")).toBe("es");
    expect(toLocale("fr")).toBe("en");
    expect(toLocale("")).toBe("en");
    expect(toLocale(null)).toBe("en");
  });
});

describe("pickLocalization", () => {
  const entries = [{ locale: "en" }, { locale: "es" }];

  it("chooses the entry matching the locale", () => {
    expect(pickLocalization(entries, "es")).toEqual({ locale: "es" });
  });

  it("falls back to the base language, then to the first entry", () => {
    expect(pickLocalization(entries, "es-MX")).toEqual({ locale: "es" });
    expect(pickLocalization(entries, "fr")).toEqual({ locale: "en" });
    expect(pickLocalization([{ locale: "es" }, { locale: "en" }], "fr")).toEqual({ locale: "es" });
  });

  it("returns undefined without entries", () => {
    expect(pickLocalization([], "es")).toBeUndefined();
    expect(pickLocalization(undefined, "es")).toBeUndefined();
    expect(pickLocalization(null, "es")).toBeUndefined();
  });
});

describe("localize", () => {
  it("returns the item untouched in English (the default)", () => {
    expect(localize(activity, "en")).toBe(activity);
    expect(localize(activity)).toBe(activity);
    expect(localize(activity, "en-US")).toBe(activity);
    expect(localize(activity, "EN")).toBe(activity);
  });

  it("overrides fields with the Spanish entry", () => {
    const es = localize(activity, "es");
    expect(es.title).toBe("Pagar los impuestos sobre la propiedad");
    expect(es.id).toBe("pay-property-taxes");
    expect(es.slug).toBe("pay-property-taxes");
  });

  it("keeps the base value where the translation is null, undefined or empty", () => {
    const es = localize(activity, "es");
    expect(es.subtitle).toBe("Pay online, by mail or in person");
    expect(es.description).toEqual({ markdown: "Markdown en **español**", raw: "English raw" });
  });

  it("merges nested objects key by key", () => {
    expect(localize(activity, "es").header_image).toEqual({
      url: "/images/headers/property.svg",
      altText: "Casas",
    });
  });

  it("merges lists by index, recursively", () => {
    const es = localize(activity, "es");
    expect(es.accordions).toEqual([
      {
        id: "a1",
        title: "Formas de pagar",
        items: [
          { id: "i1", title: "Online" },
          { id: "i2", title: "Por correo" },
        ],
      },
      { id: "a2", title: "Deadlines", items: [] },
    ]);
  });

  it("does not modify the original item", () => {
    const before = JSON.stringify(activity);
    localize(activity, "es");
    expect(JSON.stringify(activity)).toBe(before);
  });

  it("keeps the localizations and does not copy the entry's locale onto the item", () => {
    const es = localize(activity, "es");
    expect(es.localizations).toBe(activity.localizations);
    expect("locale" in es).toBe(false);
  });

  it("uses the first entry for an unknown locale", () => {
    const item = {
      title: "Base",
      localizations: [
        { locale: "es", title: "Primero" },
        { locale: "de", title: "Zweite" },
      ],
    };
    expect(localize(item, "fr").title).toBe("Primero");
  });

  it("returns the item when it has no localizations", () => {
    const item: { title: string; localizations?: { locale: string }[] } = { title: "Only English" };
    expect(localize(item, "es")).toBe(item);
    const empty = { title: "Empty", localizations: [] };
    expect(localize(empty, "es")).toBe(empty);
    const none = { title: "Null", localizations: null };
    expect(localize(none, "es")).toBe(none);
  });

  it("adds fields the base lacks, and lets a translation replace a value of another shape", () => {
    const item = {
      title: "T",
      note: "plain",
      localizations: [{ locale: "es", extra: "nuevo", note: { text: "obj" } }],
    };
    expect(localize(item, "es")).toMatchObject({ extra: "nuevo", note: { text: "obj" } });
  });

  it("appends translated list entries beyond the base list", () => {
    const item = { list: ["a"], localizations: [{ locale: "es", list: ["A", "B"] }] };
    expect(localize(item, "es").list).toEqual(["A", "B"]);
  });

  it("keeps base list entries beyond a shorter translated list, and an empty list erases nothing", () => {
    const item = {
      list: ["a", "b", "c"],
      tags: ["x"],
      localizations: [{ locale: "es", list: ["A"], tags: [] }],
    };
    const es = localize(item, "es");
    expect(es.list).toEqual(["A", "b", "c"]);
    expect(es.tags).toEqual(["x"]);
  });

  it("overrides with falsy values that are not blank (0, false)", () => {
    const item = { count: 3, featured: true, localizations: [{ locale: "es", count: 0, featured: false }] };
    expect(localize(item, "es")).toMatchObject({ count: 0, featured: false });
  });
});

describe("mergeLocalized", () => {
  it("treats blank overrides as absent", () => {
    expect(mergeLocalized("base", null)).toBe("base");
    expect(mergeLocalized("base", undefined)).toBe("base");
    expect(mergeLocalized("base", "")).toBe("base");
  });

  it("merges deeply nested lists of objects", () => {
    const base = { a: [{ b: [{ c: "1", d: "2" }] }] };
    const over = { a: [{ b: [{ c: "uno", d: null }] }] };
    expect(mergeLocalized(base, over)).toEqual({ a: [{ b: [{ c: "uno", d: "2" }] }] });
  });

  it("drops blank fields of an object the base does not have", () => {
    expect(mergeLocalized(undefined, { a: "x", b: null })).toEqual({ a: "x" });
  });
});

describe("localizeDeep", () => {
  const tag = { id: "pay", title: "Pay", type: "verb", localizations: [{ locale: "es", title: "Pagar" }] };
  const agency = {
    id: "treasurer",
    title: "County Treasurer",
    localizations: [{ locale: "es", title: "Tesorería del Condado" }],
  };
  const item = {
    title: "Pay property taxes",
    agency,
    agencies: [agency],
    tags: [tag, { id: "untranslated", title: "Untranslated", localizations: [] }],
    topics: [{ id: "taxes", title: "Taxes", localizations: [{ locale: "es", title: "Impuestos" }] }],
    location: { city: "Cedarport" },
    localizations: [{ locale: "es", title: "Pagar los impuestos" }],
  };

  it("localizes the item and every nested item with localizations", () => {
    const es = localizeDeep(item, "es");
    expect(es.title).toBe("Pagar los impuestos");
    expect(es.agency.title).toBe("Tesorería del Condado");
    expect(es.agencies[0]?.title).toBe("Tesorería del Condado");
    expect(es.tags.map((t) => t.title)).toEqual(["Pagar", "Untranslated"]);
    expect(es.topics[0]?.title).toBe("Impuestos");
    expect(es.location).toEqual({ city: "Cedarport" });
  });

  it("keeps shared references shared", () => {
    const es = localizeDeep(item, "es");
    expect(es.agency).toBe(es.agencies[0]);
  });

  it("localizes items inside lists at the top level", () => {
    expect(localizeDeep([tag, tag], "es").map((t) => t.title)).toEqual(["Pagar", "Pagar"]);
  });

  it("survives circular references", () => {
    type Node = { title: string; self?: Node; localizations: { locale: string; title: string }[] };
    const node: Node = { title: "Loop", localizations: [{ locale: "es", title: "Bucle" }] };
    node.self = node;
    const es = localizeDeep(node, "es");
    expect(es.title).toBe("Bucle");
    expect(es.self).toBe(es);
  });

  it("localizes nested items that came from the parent's translation", () => {
    const parent = {
      title: "P",
      child: { title: "C", localizations: [] as { locale: string; title: string }[] },
      localizations: [{ locale: "es", child: { localizations: [{ locale: "es", title: "Hijo" }] } }],
    };
    expect(localizeDeep(parent, "es").child.title).toBe("Hijo");
  });

  it("is the identity in English and leaves primitives alone", () => {
    expect(localizeDeep(item, "en")).toBe(item);
    expect(localizeDeep("text", "es")).toBe("text");
    expect(localizeDeep(null, "es")).toBeNull();
  });

  it("does not modify its input", () => {
    const before = JSON.stringify(item);
    localizeDeep(item, "es");
    expect(JSON.stringify(item)).toBe(before);
  });
});

describe("addressInLanguage", () => {
  it("puts the chosen language in an address that names one", () => {
    expect(addressInLanguage("/activity/contact-the-mayor?lang=es", "en")).toBe(
      "/activity/contact-the-mayor?lang=en",
    );
    expect(addressInLanguage("/workflow/x/topic?parcel=1000002&lang=es#main", "en")).toBe(
      "/workflow/x/topic?parcel=1000002&lang=en#main",
    );
  });

  it("leaves an address without one as it is (the stored choice decides)", () => {
    expect(addressInLanguage("/agencies", "es")).toBe("/agencies");
    expect(addressInLanguage("/search?term=caf%C3%A9", "es")).toBe("/search?term=caf%C3%A9");
  });
});
