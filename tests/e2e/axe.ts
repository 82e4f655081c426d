import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Every page a test visits must pass axe's WCAG 2.0/2.1/2.2 A and AA rules with zero violations.
 * `within` limits the audit to part of the page (a selector), for specs that audit many pages
 * sharing the site's header and footer, which other specs audit whole.
 */
export async function expectAccessible(
  page: Page,
  label = page.url(),
  opts: { within?: string } = {},
): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]);
  const results = await (opts.within ? builder.include(opts.within) : builder).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 5)
        .join("\n    ")}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}
