// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import axe from "axe-core";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { createI18n, type Locale } from "../../i18n";
import { SearchResultEntry } from "./SearchResultEntry";
import { searchResultEntryExamples } from "./SearchResultEntry.examples";

function renderIn(locale: Locale, ui: ReactNode) {
  return render(<I18nextProvider i18n={createI18n(locale)}>{ui}</I18nextProvider>);
}

async function axeViolations(container: HTMLElement) {
  const results = await axe.run(container, {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
    rules: { region: { enabled: false }, "color-contrast": { enabled: false } },
  });
  return results.violations;
}

afterEach(cleanup);

describe.each(searchResultEntryExamples)(
  "SearchResultEntry example: $name",
  ({ locale, props, kindLabel }) => {
    it("has no axe violations", async () => {
      const { container } = renderIn(locale, <SearchResultEntry {...props} />);
      expect(await axeViolations(container)).toEqual([]);
    });

    it("shows its kind, its title linking to the destination and its description", () => {
      const { container } = renderIn(locale, <SearchResultEntry {...props} />);
      expect(container.querySelector(".cp-search-result__kind")?.textContent).toBe(kindLabel);
      const link = screen.getByRole("link", { name: props.title });
      expect(link.getAttribute("href")).toBe(props.href);
      expect(screen.getByRole("heading", { level: props.headingLevel ?? 2 }).textContent).toBe(props.title);
      if (props.description) expect(screen.getByText(props.description)).toBeTruthy();
      else expect(container.querySelector(".cp-search-result__description")).toBeNull();
    });
  },
);

describe("SearchResultEntry", () => {
  it("reads kinds case-insensitively", () => {
    renderIn("es", <SearchResultEntry kind="Topic" title="Parques" href="/topic/parques" />);
    expect(screen.getByText("Tema")).toBeTruthy();
  });
});
