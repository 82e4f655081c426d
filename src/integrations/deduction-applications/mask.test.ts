import { describe, expect, it } from "vitest";
import { maskApplicantName } from "./mask";

describe("maskApplicantName", () => {
  it.each([
    ["Maria Delgado", "M. D."],
    ["maria delgado", "M. D."],
    ["  Maria   Delgado  ", "M. D."],
    ["James Okafor", "J. O."],
    ["Ana García-López", "A. G.-L."],
    ["María José de la Cruz", "M. J. D. L. C."],
    ["Patrick O'Brien Jr.", "P. O. J."],
    ["Émile Zola", "É. Z."],
    ["Cher", "C."],
    ["Cedarport Rental Holdings LLC", "C. R. H. L."],
    ["", ""],
    ["   ", ""],
    ["- . ,", ""],
  ])("masks %j as %j", (name, masked) => {
    expect(maskApplicantName(name)).toBe(masked);
  });

  it("never shows more than one letter of any part", () => {
    for (const name of ["Dorothy Whitfield", "Minh Tran", "Ngozi Okonkwo-Adeyemi"]) {
      expect(maskApplicantName(name)).toMatch(/^(\p{Lu}\.(-\p{Lu}\.)*)( \p{Lu}\.(-\p{Lu}\.)*)*$/u);
    }
  });
});
