import { describe, expect, it } from "vitest";
import { asciiFallback, attachment } from "./content-disposition";

describe("a download's Content-Disposition", () => {
  it("gives the name in UTF-8 and an ASCII copy", () => {
    expect(attachment("Deed of María.pdf")).toBe(
      `attachment; filename="Deed of Maria.pdf"; filename*=UTF-8''Deed%20of%20Mar%C3%ADa.pdf`,
    );
    expect(attachment("pothole.png")).toBe(
      `attachment; filename="pothole.png"; filename*=UTF-8''pothole.png`,
    );
  });

  it("never lets a name end the header or add a parameter", () => {
    const header = attachment("a\"; filename=evil.html; x=\\(1)*'.pdf");
    expect(header).toBe(
      `attachment; filename="a_; filename=evil.html; x=_(1)*'.pdf"; filename*=UTF-8''a%22%3B%20filename%3Devil.html%3B%20x%3D%5C%281%29%2A%27.pdf`,
    );
    // Quoted-string ends only at the last quote; the encoded value has no space, quote or semicolon.
    expect(header.match(/"/g)).toHaveLength(2);
    expect(header.split("filename*=")[1]).toMatch(/^UTF-8''[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
  });

  it("keeps something to save the file as, whatever the name", () => {
    expect(asciiFallback("写真.png")).toBe("__.png");
    expect(asciiFallback("100% done.pdf")).toBe("100_ done.pdf");
    expect(asciiFallback("  ")).toBe("file");
  });
});
