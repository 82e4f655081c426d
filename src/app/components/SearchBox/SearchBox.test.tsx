// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { searchResultLink } from "../../../search/results";
import { createI18n } from "../../i18n";
import { searchIn } from "../Typeahead/Typeahead.examples";
import { axeViolations, renderIn } from "../test-support";
import { SearchBox } from "./SearchBox";
import { searchBoxExamples } from "./SearchBox.examples";

afterEach(cleanup);

describe.each(searchBoxExamples)("SearchBox example: $name", ({ locale, props }) => {
  it("has no axe violations", async () => {
    const { container } = renderIn(locale, <SearchBox {...props} />);
    expect(await axeViolations(container)).toEqual([]);
  });

  it("is a GET form to /search sending the input as term, with a submit button", () => {
    renderIn(locale, <SearchBox {...props} />);
    const form = screen.getByRole("search") as HTMLFormElement;
    expect(form.getAttribute("method")).toBe("get");
    expect(form.getAttribute("action")).toBe("/search");
    expect(form.querySelector("input")?.getAttribute("name")).toBe("term");
    expect(form.querySelector('button[type="submit"]')).not.toBeNull();
  });
});

describe("SearchBox", () => {
  it("defaults to the spec's placeholder and aria label", () => {
    renderIn("en", <SearchBox />);
    const input = screen.getByRole("searchbox", { name: "input field" });
    expect(input.getAttribute("placeholder")).toBe("What are you looking for?");
    expect(screen.getByRole("button", { name: "Search" })).toBeTruthy();
  });

  it("speaks Spanish on the Spanish site", () => {
    renderIn("es", <SearchBox />);
    const input = screen.getByRole("searchbox", { name: "campo de entrada" });
    expect(input.getAttribute("placeholder")).toBe("¿Qué está buscando?");
    expect(screen.getByRole("button", { name: "Buscar" })).toBeTruthy();
    expect(screen.getByRole("search", { name: "Buscar en el sitio" })).toBeTruthy();
  });

  it("takes its placeholder, aria label and typed term from props", () => {
    renderIn("en", <SearchBox placeholder="Search services" ariaLabel="Search terms" defaultValue="trash" />);
    const input = screen.getByRole("searchbox", { name: "Search terms" }) as HTMLInputElement;
    expect(input.placeholder).toBe("Search services");
    expect(input.value).toBe("trash");
  });

  it("becomes a combobox once JavaScript runs when given a typeahead", () => {
    renderIn("en", <SearchBox typeahead={{ search: searchIn([]), itemHref: searchResultLink }} />);
    expect(screen.getByRole("combobox", { name: "input field" }).getAttribute("name")).toBe("term");
  });

  it("is a working form in the server's HTML, typeahead or not", () => {
    const html = renderToString(
      <I18nextProvider i18n={createI18n("en")}>
        <SearchBox typeahead={{ search: searchIn([]), itemHref: searchResultLink }} />
      </I18nextProvider>,
    );
    const form = /<form[^>]*>/.exec(html)?.[0] ?? "";
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/search"');
    expect(html).toMatch(/<input[^>]*name="term"/);
    expect(html).toContain('type="submit"');
  });
});
