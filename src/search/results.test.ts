import { describe, expect, it } from "vitest";
import { mapHit, searchResultLink } from "./results";

describe("mapHit", () => {
  const hit = {
    objectID: "Activity:pay-property-taxes:es",
    __typename: "Activity",
    id: "pay-property-taxes",
    slug: "pay-property-taxes",
    external_content_url: null,
    localizations: [
      { locale: "en", title: "Pay property taxes", subtitle: "Online", description: "Pay it." },
      { locale: "es", title: "Pagar impuestos", subtitle: null, description: "Pague." },
    ],
  };

  it("maps with the localization for the locale (SPEC §3)", () => {
    expect(mapHit(hit, "es")).toEqual({
      id: "pay-property-taxes",
      slug: "pay-property-taxes",
      title: "Pagar impuestos",
      subtitle: null,
      description: "Pague.",
      externalContentUrl: null,
      kind: "activity",
    });
  });

  it("falls back to the first localization, and survives missing fields", () => {
    expect(mapHit(hit, "fr").title).toBe("Pay property taxes");
    expect(mapHit({}, "en")).toEqual({
      id: "",
      slug: "",
      title: "",
      subtitle: null,
      description: null,
      externalContentUrl: null,
      kind: "",
    });
  });
});

describe("searchResultLink", () => {
  it("follows SPEC §2", () => {
    expect(
      searchResultLink({
        slug: "register-to-vote",
        kind: "activity",
        externalContentUrl: "https://vote.example.org/r",
      }),
    ).toBe("https://vote.example.org/r");
    expect(searchResultLink({ slug: "report-a-pothole", kind: "activity", externalContentUrl: null })).toBe(
      "/activity/report-a-pothole",
    );
    expect(searchResultLink({ slug: "treasurer", kind: "agency", externalContentUrl: null })).toBe(
      "/agency/treasurer",
    );
    expect(searchResultLink({ slug: "property-taxes", kind: "topic", externalContentUrl: null })).toBe(
      "/topic/property-taxes",
    );
    expect(
      searchResultLink({
        slug: "homestead-deduction-application",
        kind: "service",
        externalContentUrl: null,
      }),
    ).toBe("/workflow/homestead-deduction-application");
  });

  it("never links to a script URL and encodes slugs", () => {
    expect(searchResultLink({ slug: "x", kind: "activity", externalContentUrl: "javascript:alert(1)" })).toBe(
      "/activity/x",
    );
    expect(searchResultLink({ slug: "a b/../c", kind: "topic", externalContentUrl: null })).toBe(
      "/topic/a%20b%2F..%2Fc",
    );
  });
});
