import { describe, expect, it } from "vitest";
import {
  type ReplaceMap,
  readPath,
  renderTextBlock,
  resolveEntry,
  type TextBlockContext,
} from "./text-block";

const ctx: TextBlockContext = {
  now: { year: 2025, month: 3, day: 5 },
  apiResponse: {
    data: {
      submissions: [{ id: "ABC123", parcel: { number: "49-101-12-345" } }],
      total: 2,
      ok: true,
      zero: 0,
    },
  },
  boundData: { applicant: { firstName: "Ana", lastName: "López" }, parcels: ["1", "2"] },
  answers: { applicant: { firstName: "Ana", address: { city: "Cedarport" } } },
};

describe("renderTextBlock", () => {
  it("replaces an apiResponse placeholder by path", () => {
    const replace: ReplaceMap = { id: { type: "apiResponse", value_location: "data.submissions.0.id" } };
    expect(renderTextBlock("Your submission number is {id}.", replace, ctx)).toBe(
      "Your submission number is ABC123.",
    );
  });

  it("writes money and dates when an entry asks, and a text in both languages in the reader's", () => {
    const ctx = {
      apiResponse: {
        amount: { total: 146_063, due: "2026-11-10", kind: { en: "Real property", es: "Bienes inmuebles" } },
      },
      now: new Date("2026-06-01T16:00:00Z"),
      locale: "es",
    };
    const replace = {
      total: { type: "apiResponse" as const, value_location: "amount.total", format: "money" as const },
      due: { type: "apiResponse" as const, value_location: "amount.due", format: "date" as const },
      kind: { type: "apiResponse" as const, value_location: "amount.kind" },
      raw: { type: "apiResponse" as const, value_location: "amount.total" },
    };
    expect(renderTextBlock("{total} {due} {kind} {raw}", replace, ctx)).toBe(
      "$1,460.63 11/10/2026 Bienes inmuebles 146063",
    );
  });

  it("reads the optional property of an apiResponse value", () => {
    const replace: ReplaceMap = {
      parcel: { type: "apiResponse", value_location: "data.submissions.0", property: "parcel.number" },
    };
    expect(renderTextBlock("Parcel {parcel}", replace, ctx)).toBe("Parcel 49-101-12-345");
  });

  it("replaces bound data", () => {
    const replace: ReplaceMap = { name: { type: "bound_data", location: "applicant.firstName" } };
    expect(renderTextBlock("Thank you, {name}!", replace, ctx)).toBe("Thank you, Ana!");
  });

  it("writes today's date, in the context's locale", () => {
    const replace: ReplaceMap = { today: { type: "func", name: "date" } };
    expect(renderTextBlock("Date: {today}", replace, ctx)).toBe("Date: March 5, 2025");
    expect(renderTextBlock("Fecha: {today}", replace, { ...ctx, locale: "es" })).toBe(
      "Fecha: 5 de marzo de 2025",
    );
  });

  it("writes a date some days from today, across the end of a month", () => {
    const replace: ReplaceMap = { reply: { type: "func", name: "date", days: 30 } };
    expect(renderTextBlock("By {reply}", replace, ctx)).toBe("By April 4, 2025");
  });

  it("reads a reference to another screen's answer, with an optional property", () => {
    const replace: ReplaceMap = {
      first: { type: "reference", screen: "applicant", input: "firstName" },
      city: { type: "reference", screen: "applicant", input: "address", property: "city" },
      missing: { type: "reference", screen: "nowhere", input: "x" },
    };
    expect(renderTextBlock("{first} of {city}{missing}", replace, ctx)).toBe("Ana of Cedarport");
  });

  it("renders placeholders without a value empty", () => {
    const replace: ReplaceMap = { gone: { type: "apiResponse", value_location: "data.nothing.here" } };
    expect(renderTextBlock("[{gone}] [{unknown}]", replace, ctx)).toBe("[] []");
    expect(renderTextBlock("[{x}]", undefined, ctx)).toBe("[]");
    expect(renderTextBlock("[{x}]", null, { now: ctx.now })).toBe("[]");
  });

  it("writes numbers, booleans and lists as text, objects as nothing", () => {
    const replace: ReplaceMap = {
      total: { type: "apiResponse", value_location: "data.total" },
      zero: { type: "apiResponse", value_location: "data.zero" },
      ok: { type: "apiResponse", value_location: "data.ok" },
      list: { type: "bound_data", location: "parcels" },
      object: { type: "bound_data", location: "applicant" },
    };
    expect(renderTextBlock("{total}|{zero}|{ok}|{list}|{object}", replace, ctx)).toBe("2|0|true|1, 2|");
  });

  it("replaces every occurrence and tolerates spaces inside braces", () => {
    const replace: ReplaceMap = { name: { type: "bound_data", location: "applicant.firstName" } };
    expect(renderTextBlock("{name} and { name }", replace, ctx)).toBe("Ana and Ana");
  });

  it("leaves text without placeholders, and braces that are not placeholders, alone", () => {
    expect(renderTextBlock("No placeholders.", {}, ctx)).toBe("No placeholders.");
    expect(renderTextBlock("{} and {not a key}", {}, ctx)).toBe("{} and {not a key}");
  });

  it("does not treat inherited names as keys", () => {
    expect(renderTextBlock("{toString}{constructor}", {}, ctx)).toBe("");
  });
});

describe("readPath", () => {
  const source = { a: { b: [{ c: "deep" }] } };

  it("follows dotted and bracketed paths", () => {
    expect(readPath(source, "a.b.0.c")).toBe("deep");
    expect(readPath(source, "a.b[0].c")).toBe("deep");
    expect(readPath(source, "")).toBe(source);
  });

  it("returns undefined for missing segments and non-objects", () => {
    expect(readPath(source, "a.x.c")).toBeUndefined();
    expect(readPath(source, "a.b.5.c")).toBeUndefined();
    expect(readPath(null, "a")).toBeUndefined();
    expect(readPath("text", "length")).toBeUndefined();
  });

  it("does not follow inherited properties", () => {
    expect(readPath(source, "a.constructor")).toBeUndefined();
    expect(readPath(source, "__proto__")).toBeUndefined();
  });
});

describe("resolveEntry", () => {
  it("returns the raw value", () => {
    expect(resolveEntry({ type: "bound_data", location: "parcels" }, ctx)).toEqual(["1", "2"]);
  });

  it("returns undefined for an unknown function or entry type", () => {
    expect(
      resolveEntry({ type: "func", name: "time" } as unknown as Parameters<typeof resolveEntry>[0], ctx),
    ).toBe(undefined);
    expect(
      resolveEntry({ type: "other" } as unknown as Parameters<typeof resolveEntry>[0], ctx),
    ).toBeUndefined();
  });
});
