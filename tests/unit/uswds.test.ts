import { readdirSync, readFileSync } from "node:fs";
import { preprocessCSS, resolveConfig } from "vite";
import { beforeAll, describe, expect, it } from "vitest";
import { withBrandVariables } from "../../src/app/styles/brand-colors";

/** src/app/styles/uswds.scss through the project's own Vite configuration (Sass, then PostCSS). */
async function compiledUswds(): Promise<string> {
  const file = `${process.cwd()}/src/app/styles/uswds.scss`;
  const config = await resolveConfig({ configFile: "vite.config.ts" }, "build", "production");
  const { code } = await preprocessCSS(readFileSync(file, "utf8"), file, config);
  return code.replace(/\/\*[\s\S]*?\*\//g, ""); // its comments name classes and at-rules too
}

/** Names USWDS's own markup gives its elements without styling them. */
const UNSTYLED_IN_USWDS = new Set(["usa-pagination__page-no", "usa-pagination__link-text"]);

/** Each usa-* class our markup names. A template's `usa-alert--${type}` gives its prefix. */
function usaClassesInMarkup(): Set<string> {
  const classes = new Set<string>();
  const files = readdirSync("src", { recursive: true, encoding: "utf8" });
  for (const file of files.filter((f) => f.endsWith(".tsx") && !f.endsWith(".test.tsx"))) {
    for (const m of readFileSync(`src/${file}`, "utf8").matchAll(/\busa-[a-z0-9_-]*[a-z0-9]\b(?!-)/g))
      classes.add(m[0]);
  }
  return classes;
}

describe("USWDS", () => {
  let uswds = "";
  beforeAll(async () => {
    uswds = await compiledUswds();
  }, 60_000);

  it("styles every usa-* class the markup uses, in USWDS's own stylesheet", () => {
    const unstyled = [...usaClassesInMarkup()].filter(
      (name) => !UNSTYLED_IN_USWDS.has(name) && !uswds.includes(`.${name}`),
    );
    expect(unstyled).toEqual([]);
  });

  it("sits in its cascade layer, above base.css's element rules", () => {
    expect(uswds).toMatch(/^@layer base, ?uswds;/m);
    expect(uswds).toMatch(/@layer uswds ?\{/);
  });

  it("reads the city's brand colours from the custom properties the site config sets", () => {
    expect(uswds).toMatch(/\.usa-button ?\{[^}]*background-color: ?var\(--color-primary, ?#1a4480\)/);
    expect(uswds).toMatch(/var\(--color-link, ?#005ea2\)/);
  });

  it("downloads no fonts: the system's own", () => {
    expect(uswds).not.toContain("@font-face");
  });
});

describe("withBrandVariables", () => {
  it("turns each brand colour into its custom property, keeping the colour as the fallback", () => {
    expect(withBrandVariables("0 0 0 2px #1A4480 inset")).toBe(
      "0 0 0 2px var(--color-primary,#1a4480) inset",
    );
    expect(withBrandVariables("#162e51")).toBe("var(--color-primary-dark,#162e51)");
  });

  it("leaves other colours, and longer hex strings, alone", () => {
    expect(withBrandVariables("#1b1b1b")).toBe("#1b1b1b");
    expect(withBrandVariables("#1a448000")).toBe("#1a448000");
  });
});
