import { describe, expect, it } from "vitest";
import { isOrganizationName, ownerQueryWords, ownerSortKey, ownerWords } from "./owner-name";

describe("ownerWords", () => {
  it("splits a name into distinct upper-case ASCII words", () => {
    expect(ownerWords("María José García-López")).toEqual(["MARIA", "JOSE", "GARCIA", "LOPEZ"]);
    expect(ownerWords("Patrick O'Brien")).toEqual(["PATRICK", "OBRIEN"]);
    expect(ownerWords("Anna Anna")).toEqual(["ANNA"]);
  });
});

describe("ownerQueryWords", () => {
  it("reads last-name-first, commas and case alike", () => {
    expect(ownerQueryWords("Delgado, Maria")).toEqual(["DELGADO", "MARIA"]);
    expect(ownerQueryWords("  maria   DELGADO ")).toEqual(["MARIA", "DELGADO"]);
  });

  it("drops middle initials and 'and' unless nothing else is left", () => {
    expect(ownerQueryWords("Maria L. Delgado")).toEqual(["MARIA", "DELGADO"]);
    expect(ownerQueryWords("James and Grace Okafor")).toEqual(["JAMES", "GRACE", "OKAFOR"]);
    expect(ownerQueryWords("D")).toEqual(["D"]);
  });

  it("keeps at most five words", () => {
    expect(ownerQueryWords("aa bb cc dd ee ff gg")).toHaveLength(5);
  });

  it("is empty for punctuation", () => {
    expect(ownerQueryWords(" ,.- ")).toEqual([]);
  });
});

describe("ownerSortKey", () => {
  it("sorts people by last name, organizations as written", () => {
    expect(ownerSortKey("Maria Delgado")).toBe("DELGADO MARIA");
    expect(ownerSortKey("Robert Miller Jr.")).toBe("MILLER ROBERT JR");
    expect(ownerSortKey("Cedarport Rental Holdings LLC")).toBe("CEDARPORT RENTAL HOLDINGS LLC");
    expect(ownerSortKey("Delgado Family Trust")).toBe("DELGADO FAMILY TRUST");
    expect(ownerSortKey("Cher")).toBe("CHER");
  });
});

describe("isOrganizationName", () => {
  it("tells companies and trusts from people", () => {
    expect(isOrganizationName("Hoosier Holdings LLC")).toBe(true);
    expect(isOrganizationName("Carlos Delgado Living Trust")).toBe(true);
    expect(isOrganizationName("Maria Delgado")).toBe(false);
  });
});
