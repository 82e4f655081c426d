// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type SearchResult, searchResultLink } from "../../../search/results";
import { createI18n, type Locale } from "../../i18n";
import { axeViolations, renderIn } from "../test-support";
import { Typeahead, type TypeaheadProps } from "./Typeahead";
import { result, searchIn, typeaheadExamples } from "./Typeahead.examples";

/** Lets the debounce run out and the search promise settle. */
async function elapse(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

async function typeInto(input: HTMLElement, text: string, wait = 500 + 20) {
  fireEvent.change(input, { target: { value: text } });
  await elapse(wait);
}

const results: SearchResult[] = Array.from({ length: 8 }, (_, i) =>
  result(String(i + 1), `item-${i + 1}`, `Tax item ${i + 1}`, i % 2 ? "agency" : "activity"),
);

function setup(props: Partial<TypeaheadProps<SearchResult>> = {}, locale: Locale = "en") {
  const navigate = vi.fn();
  const search = vi.fn(searchIn(results));
  renderIn(
    locale,
    <Typeahead search={search} itemHref={searchResultLink} kind="search" navigate={navigate} {...props} />,
  );
  return { navigate, search, input: screen.getByRole("combobox") };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe.each(typeaheadExamples)("Typeahead example: $name", ({ locale, props, type }) => {
  it("has no axe violations, idle and after typing", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { container } = renderIn(locale, <Typeahead {...props} />);
    vi.useRealTimers();
    expect(await axeViolations(container)).toEqual([]);
    if (type === undefined) return;
    vi.useFakeTimers();
    const input = screen.getByRole("combobox");
    await typeInto(input, type, (props.debounceMs ?? 500) + 20);
    vi.useRealTimers();
    // The menu (or, for a failing search, the error alert) is what axe checks now.
    expect(input.getAttribute("aria-expanded") === "true" || screen.queryByRole("alert") !== null).toBe(true);
    expect(await axeViolations(container)).toEqual([]);
  });
});

describe("Typeahead without JavaScript", () => {
  it("is a plain search input named term in the server's HTML", () => {
    const html = renderToString(
      <I18nextProvider i18n={createI18n("en")}>
        <Typeahead
          search={searchIn(results)}
          itemHref={searchResultLink}
          placeholder="What are you looking for?"
        />
      </I18nextProvider>,
    );
    expect(html).toMatch(/<input[^>]*type="search"[^>]*name="term"/);
    expect(html).toContain('placeholder="What are you looking for?"');
    expect(html).toContain('aria-label="input field"');
    expect(html).not.toContain("combobox");
    // Nor its menu: without the script it could never open.
    expect(html).not.toContain("cp-typeahead__menu");
    expect(html).not.toContain('role="status"');
  });
});

describe("Typeahead searching", () => {
  it("waits for the minimum number of characters (3 by default)", async () => {
    const { search, input } = setup();
    await typeInto(input, "ta");
    expect(search).not.toHaveBeenCalled();
    await typeInto(input, "tax");
    expect(search).toHaveBeenCalledWith("tax", expect.any(AbortSignal));
  });

  it("debounces typing by 500 ms and searches once for the last term", async () => {
    const { search, input } = setup();
    fireEvent.change(input, { target: { value: "tax" } });
    await elapse(300);
    fireEvent.change(input, { target: { value: "taxe" } });
    await elapse(499);
    expect(search).not.toHaveBeenCalled();
    await elapse(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith("taxe", expect.any(AbortSignal));
  });

  it("aborts a query that newer typing has superseded", async () => {
    const signals: AbortSignal[] = [];
    const search = vi.fn((_term: string, signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<SearchResult[]>(() => {});
    });
    const { input } = setup({ search });
    await typeInto(input, "tax");
    await typeInto(input, "taxes");
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);
  });

  it("opens 'Quick Results' with at most 6 results", async () => {
    const { input } = setup();
    expect(input.getAttribute("aria-expanded")).toBe("false");
    await typeInto(input, "tax");
    expect(input.getAttribute("aria-expanded")).toBe("true");
    const listbox = screen.getByRole("listbox", { name: "Quick Results" });
    expect(listbox.id).toBe(input.getAttribute("aria-controls"));
    expect(screen.getAllByRole("option")).toHaveLength(6);
  });

  it("honours a smaller limit and minimum", async () => {
    const { input, search } = setup({ limit: 2, minChars: 1, debounceMs: 100 });
    await typeInto(input, "t", 120);
    expect(search).toHaveBeenCalledWith("t", expect.any(AbortSignal));
    expect(screen.getAllByRole("option")).toHaveLength(2);
  });

  it("shows search items with their title and translated kind", async () => {
    const { input } = setup({}, "es");
    await typeInto(input, "tax");
    const [first, second] = screen.getAllByRole("option");
    expect(first!.textContent).toBe("Tax item 1Actividad");
    expect(second!.textContent).toBe("Tax item 2Agencia");
  });

  it("shows default items by title, value or result, else every field as 'name: value'", async () => {
    const example = typeaheadExamples.find((e) => e.name.startsWith("default items"))!;
    renderIn("en", <Typeahead {...example.props} />);
    await typeInto(screen.getByRole("combobox"), "market");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "200 E. Market Street",
      "210 E. Market Street",
      "220 E. Market Street",
      "street: 230 E. Market Street, zip: 46204, href: /address/230-e-market-street",
    ]);
  });

  it("goes back to idle when the input falls under the minimum", async () => {
    const { input } = setup();
    await typeInto(input, "tax");
    await typeInto(input, "t");
    expect(input.getAttribute("aria-expanded")).toBe("false");
  });
});

describe("Typeahead announcements", () => {
  it("announces the number of results politely", async () => {
    const { input } = setup({ limit: 5 });
    await typeInto(input, "tax");
    const status = screen.getByRole("status");
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(status.textContent).toBe("5 results available");
  });

  it("announces in Spanish", async () => {
    const { input } = setup({ limit: 5 }, "es");
    await typeInto(input, "tax");
    expect(screen.getByRole("status").textContent).toBe("5 resultados disponibles");
  });

  it("says a single result in the singular", async () => {
    const { input } = setup({ limit: 1 });
    await typeInto(input, "tax");
    expect(screen.getByRole("status").textContent).toBe("1 result available");
  });

  it("announces and shows 'No results'", async () => {
    const { input } = setup();
    await typeInto(input, "zzz");
    expect(screen.getByRole("status").textContent).toBe("No results");
    expect(screen.getAllByText("No results")).toHaveLength(2);
    expect(screen.queryByRole("listbox")).toBeNull();
  });
});

describe("Typeahead keyboard", () => {
  it("moves aria-activedescendant with the arrow keys, wrapping round", async () => {
    const { input } = setup({ limit: 3 });
    await typeInto(input, "tax");
    const options = screen.getAllByRole("option");
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input.getAttribute("aria-activedescendant")).toBe(options[0]!.id);
    expect(options[0]!.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input.getAttribute("aria-activedescendant")).toBe(options[0]!.id);
    fireEvent.keyDown(input, { key: "ArrowUp" });
    expect(input.getAttribute("aria-activedescendant")).toBe(options[2]!.id);
  });

  it("follows the highlighted option on Enter", async () => {
    const { input, navigate } = setup();
    await typeInto(input, "tax");
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "Enter", keyCode: 13 });
    expect(navigate).toHaveBeenCalledWith("/agency/item-2");
  });

  it("goes to /search?term= plus the typed text on Enter (key code 13)", async () => {
    const { input, navigate } = setup();
    await typeInto(input, "property tax");
    fireEvent.keyDown(input, { keyCode: 13 });
    expect(navigate).toHaveBeenCalledWith("/search?term=property%20tax");
  });

  it("goes to the search page on Enter even before any result", () => {
    const { input, navigate } = setup();
    fireEvent.change(input, { target: { value: "ta" } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(navigate).toHaveBeenCalledWith("/search?term=ta");
  });

  it("closes on Escape and reopens with ArrowDown", async () => {
    const { input } = setup();
    await typeInto(input, "tax");
    fireEvent.keyDown(input, { key: "Escape" });
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(input.hasAttribute("aria-activedescendant")).toBe(false);
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input.getAttribute("aria-expanded")).toBe("true");
  });

  it("offers the 'See all results' item last, reachable by keyboard", async () => {
    const { input, navigate } = setup({ lastItem: true, limit: 2 });
    await typeInto(input, "tax");
    const options = screen.getAllByRole("option");
    expect(options.at(-1)!.textContent).toBe('See all results for "tax"');
    fireEvent.keyDown(input, { key: "ArrowUp" });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(navigate).toHaveBeenCalledWith("/search?term=tax");
  });
});

describe("Typeahead closing and choosing by pointer", () => {
  it("closes with the button titled 'close menu'", async () => {
    const { input } = setup();
    await typeInto(input, "tax");
    const close = screen.getByRole("button", { name: "close menu" });
    expect(close.getAttribute("title")).toBe("close menu");
    fireEvent.click(close);
    expect(input.getAttribute("aria-expanded")).toBe("false");
  });

  it("names the close button in Spanish", async () => {
    const { input } = setup({}, "es");
    await typeInto(input, "tax");
    expect(screen.getByRole("button", { name: "cerrar menú" })).toBeTruthy();
    expect(screen.getByRole("listbox", { name: "Resultados rápidos" })).toBeTruthy();
  });

  it("has no close button when not asked for", async () => {
    const { input } = setup({ closeButton: false });
    await typeInto(input, "tax");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("closes on a press outside", async () => {
    const { input } = setup();
    await typeInto(input, "tax");
    fireEvent.pointerDown(screen.getByRole("option", { name: /Tax item 1/ }));
    expect(input.getAttribute("aria-expanded")).toBe("true");
    fireEvent.pointerDown(document.body);
    expect(input.getAttribute("aria-expanded")).toBe("false");
  });

  it("closes when focus leaves it", async () => {
    const { input } = setup();
    await typeInto(input, "tax");
    fireEvent.blur(input, { relatedTarget: document.body });
    expect(input.getAttribute("aria-expanded")).toBe("false");
  });

  it("follows a clicked option", async () => {
    const { input, navigate } = setup();
    await typeInto(input, "tax");
    fireEvent.click(screen.getByRole("option", { name: /Tax item 3/ }));
    expect(navigate).toHaveBeenCalledWith("/activity/item-3");
  });
});

describe("Typeahead failure", () => {
  it("logs, hides results and shows the error alert with the status text as title", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const failing = vi
      .fn()
      .mockImplementationOnce(searchIn(results))
      .mockRejectedValueOnce({ status: 503, statusText: "Service Unavailable" });
    const { input } = setup({ search: failing });
    await typeInto(input, "tax");
    expect(screen.getAllByRole("option").length).toBeGreaterThan(0);

    await typeInto(input, "taxes");
    expect(log).toHaveBeenCalled();
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryAllByRole("option")).toHaveLength(0);
    const alert = screen.getByRole("alert");
    expect(alert.className).toContain("usa-alert--error");
    expect(alert.className).toContain("cp-alert--bottom-right");
    expect(alert.textContent).toContain("Service Unavailable");
    expect(alert.textContent).toContain(
      "There was an error processing your request. Please try again in a few moments.",
    );
  });

  it("shows the alert in Spanish, titled 'Error' when the failure has no status text", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { input } = setup({ search: () => Promise.reject(new TypeError("Failed to fetch")) }, "es");
    await typeInto(input, "tax");
    const alert = screen.getByRole("alert");
    expect(alert.querySelector(".usa-alert__heading")?.textContent).toBe("Error");
    expect(alert.textContent).toContain("Hubo un error al procesar su solicitud.");
  });

  it("clears the error when the alert is closed, and on the next good answer", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const search = vi
      .fn()
      .mockRejectedValueOnce({ statusText: "Bad Gateway" })
      .mockImplementation(searchIn(results));
    const { input } = setup({ search });
    await typeInto(input, "tax");
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("alert")).toBeNull();

    search.mockRejectedValueOnce({ statusText: "Bad Gateway" });
    await typeInto(input, "taxe");
    expect(screen.getByRole("alert")).toBeTruthy();
    await typeInto(input, "tax item");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getAllByRole("option").length).toBeGreaterThan(0);
  });

  it("does not treat an aborted query as a failure", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const { input } = setup();
    fireEvent.change(input, { target: { value: "tax" } });
    await elapse(505);
    fireEvent.change(input, { target: { value: "taxes" } });
    await elapse(520);
    expect(log).not.toHaveBeenCalled();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
