// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { searchResultLink } from "../../../search/results";
import { SearchBox } from "../SearchBox/SearchBox";
import { searchIn } from "../Typeahead/Typeahead.examples";
import { axeViolations, renderIn } from "../test-support";
import { ErrorPage, errorStatusOf } from "./ErrorPage";
import { errorPageExamples } from "./ErrorPage.examples";

afterEach(cleanup);

describe.each(errorPageExamples)("ErrorPage example: $name", ({ locale, props, label, title, message }) => {
  it("has no axe violations", async () => {
    const { container } = renderIn(locale, <ErrorPage {...props} />);
    expect(await axeViolations(container)).toEqual([]);
  });

  it("shows its label, title and message", () => {
    renderIn(locale, <ErrorPage {...props} />);
    expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(title);
    expect(screen.getByText(message)).toBeTruthy();
  });

  it(`has a search box only on the 404 page`, () => {
    renderIn(locale, <ErrorPage {...props} />);
    expect(screen.queryAllByRole("search")).toHaveLength(props.status === 404 ? 1 : 0);
  });
});

describe("ErrorPage", () => {
  it("gives the 404 search box the spec's placeholder", () => {
    renderIn("en", <ErrorPage status={404} />);
    expect(screen.getByRole("searchbox").getAttribute("placeholder")).toBe("What are you looking for?");
  });

  it("uses the search box it is given on the 404 page", () => {
    renderIn(
      "en",
      <ErrorPage
        status={404}
        searchSlot={<SearchBox typeahead={{ search: searchIn([]), itemHref: searchResultLink }} />}
      />,
    );
    expect(screen.getByRole("combobox")).toBeTruthy();
    expect(screen.queryByRole("searchbox")).toBeNull();
  });

  it("gives the server-error catalogue message on the 500 page", () => {
    renderIn("en", <ErrorPage status={500} />);
    expect(screen.getByText("Server error. Please wait a few minutes and try again.")).toBeTruthy();
    cleanup();
    renderIn("es", <ErrorPage status={500} />);
    expect(screen.getByText("Error del servidor. Espere unos minutos e inténtelo de nuevo.")).toBeTruthy();
  });

  it("links back to the home page", () => {
    renderIn("es", <ErrorPage status={400} />);
    expect(screen.getByRole("link", { name: "Ir a la página de inicio" }).getAttribute("href")).toBe("/");
  });

  it.each([
    [404, 404],
    [400, 400],
    [405, 400],
    [422, 400],
    [500, 500],
    [502, 500],
    [200, 500],
  ] as const)("shows status %i as the %i page", (code, page) => {
    expect(errorStatusOf(code)).toBe(page);
  });
});
