// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { axeViolations, renderIn } from "../test-support";
import { NoResults } from "./NoResults";
import { noResultsExamples } from "./NoResults.examples";

afterEach(cleanup);

describe.each(noResultsExamples)("NoResults example: $name", ({ locale, props, message }) => {
  it("has no axe violations", async () => {
    const { container } = renderIn(locale, <NoResults {...props} />);
    expect(await axeViolations(container)).toEqual([]);
  });

  it("says the spec's message, then a colon and the term when there is one", () => {
    renderIn(locale, <NoResults {...props} />);
    expect(screen.getByRole("heading", { level: props.headingLevel ?? 2 }).textContent).toBe(message);
  });

  it("suggests browsing topics and calling 311", () => {
    const { container } = renderIn(locale, <NoResults {...props} />);
    expect(container.querySelector(`a[href="${props.topicsHref ?? "/topics"}"]`)).not.toBeNull();
    expect(screen.getByRole("link", { name: "311" }).getAttribute("href")).toBe("tel:311");
    expect(container.querySelectorAll(".cp-no-results__suggestions li")).toHaveLength(4);
  });
});

describe("NoResults", () => {
  it("shows a term that looks like markup as text", () => {
    const { container } = renderIn("en", <NoResults term="<b>bold</b>" />);
    expect(container.querySelector("b")).toBeNull();
    expect(container.querySelector("strong")?.textContent).toBe("<b>bold</b>");
  });

  it("names the topics link in Spanish", () => {
    renderIn("es", <NoResults />);
    expect(screen.getByRole("link", { name: "Explore los servicios por tema" })).toBeTruthy();
  });
});
