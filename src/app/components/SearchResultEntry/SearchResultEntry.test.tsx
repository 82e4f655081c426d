// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { axeViolations, renderIn } from "../test-support";
import { SearchResultEntry } from "./SearchResultEntry";
import { searchResultEntryExamples } from "./SearchResultEntry.examples";

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
