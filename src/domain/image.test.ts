import { describe, expect, it } from "vitest";
import { HEADER_IMAGE_TRANSFORM, headerImageUrl } from "./image";

describe("headerImageUrl", () => {
  it("adds the 700 by 525 fit-max transformation", () => {
    expect(HEADER_IMAGE_TRANSFORM).toEqual({ w: "700", h: "525", fit: "max" });
    expect(headerImageUrl("https://images.cedarport.gov/header.jpg")).toBe(
      "https://images.cedarport.gov/header.jpg?w=700&h=525&fit=max",
    );
  });

  it("keeps existing parameters and the fragment", () => {
    expect(headerImageUrl("https://images.cedarport.gov/h.jpg?v=3&q=80#top")).toBe(
      "https://images.cedarport.gov/h.jpg?v=3&q=80&w=700&h=525&fit=max#top",
    );
  });

  it("replaces a transformation already present instead of repeating it", () => {
    expect(headerImageUrl("/h.jpg?w=100&fit=crop&v=1")).toBe("/h.jpg?w=700&fit=max&v=1&h=525");
  });

  it("keeps root-relative and relative URLs relative", () => {
    expect(headerImageUrl("/images/headers/property.svg")).toBe(
      "/images/headers/property.svg?w=700&h=525&fit=max",
    );
    expect(headerImageUrl("images/a.png")).toBe("images/a.png?w=700&h=525&fit=max");
  });

  it("handles a trailing question mark", () => {
    expect(headerImageUrl("/a.png?")).toBe("/a.png?w=700&h=525&fit=max");
  });

  it("leaves an empty URL alone", () => {
    expect(headerImageUrl("")).toBe("");
    expect(headerImageUrl("  ")).toBe("  ");
  });

  it("is idempotent", () => {
    const once = headerImageUrl("/a.png?v=2");
    expect(headerImageUrl(once)).toBe(once);
  });
});
