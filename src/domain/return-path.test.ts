import { describe, expect, it } from "vitest";
import { sameSitePath } from "./return-path";

describe("sameSitePath", () => {
  it.each(["/", "/agencies", "/activity/pay?lang=es", "/search?term=a%20b#top"])("keeps %s", (path) => {
    expect(sameSitePath(path)).toBe(path);
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "/%5Cevil.example".replace("%5C", "\\"),
    "\\\\evil.example",
    "https://evil.example/",
    "/\t/evil.example",
    "/\n/evil.example",
    "javascript:alert(1)",
    "evil.example",
    "",
  ])("refuses %j", (path) => {
    expect(sameSitePath(path)).toBe("/");
  });

  it("refuses what is not a string", () => {
    expect(sameSitePath(["/a"])).toBe("/");
    expect(sameSitePath(undefined, "/home")).toBe("/home");
  });
});
