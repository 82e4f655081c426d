// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clear } from "../../../domain/filters";
import { createI18n } from "../../i18n";
import { axeViolations, renderIn } from "../test-support";
import { FiltersPanel, type FiltersPanelProps, MOBILE_QUERY } from "./FiltersPanel";
import { type FiltersPanelExample, filtersPanelExamples } from "./FiltersPanel.examples";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderExample({ locale, props }: FiltersPanelExample, overrides: Partial<FiltersPanelProps> = {}) {
  return renderIn(
    locale,
    <MemoryRouter initialEntries={["/activities?page=2"]}>
      <FiltersPanel {...props} {...overrides} />
    </MemoryRouter>,
  );
}

/** A matchMedia whose answer the test changes, as a window resize would. */
function stubMatchMedia(initiallyMobile: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    matches: initiallyMobile,
    media: MOBILE_QUERY,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal("matchMedia", (query: string) => {
    expect(query).toBe(MOBILE_QUERY);
    return media;
  });
  return (mobile: boolean) =>
    act(() => {
      media.matches = mobile;
      for (const listener of listeners) listener();
    });
}

describe.each(Object.entries(filtersPanelExamples))(
  "FiltersPanel example %s",
  (_name, example: FiltersPanelExample) => {
    it("renders without accessibility violations", async () => {
      const { container } = renderExample(example);
      expect(await axeViolations(container)).toEqual([]);
    });
  },
);

describe("FiltersPanel", () => {
  it("is titled Filters with group headings one level below, only for groups with options", () => {
    renderExample(filtersPanelExamples.english);
    expect(screen.getByRole("heading", { level: 3, name: "Filters" })).toBeTruthy();
    const groups = screen.getAllByRole("heading", { level: 4 }).map((heading) => heading.textContent);
    expect(groups).toEqual(["Agencies", "I want to...", "Activities for...", "Topics"]);
    cleanup();
    renderExample(filtersPanelExamples.agenciesOnly);
    expect(screen.getByRole("heading", { level: 2, name: "Filters" })).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual([
      "Agencies",
    ]);
  });

  it("speaks Spanish", () => {
    renderExample(filtersPanelExamples.spanish);
    expect(screen.getByRole("heading", { name: "Filtros" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Quiero..." })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Servicios para..." })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Aplicar filtros" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Borrar filtros" })).toBeTruthy();
  });

  it("renders nothing when there is nothing to choose", () => {
    const { container } = renderExample(filtersPanelExamples.nothingToChoose);
    expect(container.innerHTML).toBe("");
  });

  it("is a GET form of agency/verb/user/topic checkboxes that keeps other parameters and drops the page", () => {
    const { container } = renderExample(filtersPanelExamples.kitchenSink);
    const form = container.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("get");
    expect(form.getAttribute("action")).toBe("/activities");
    const data = new URLSearchParams(
      [...new FormData(form).entries()].map(([name, value]) => [name, String(value)] as [string, string]),
    );
    expect(data.toString()).toBe("stage=draft&agency=auditor&user=seniors&topic=property-taxes");
    expect(screen.getByRole("button", { name: "Apply filters" })).toBeTruthy();
  });

  it("links 'only' to that option alone and 'Clear filters' to no filters, both on page 1", () => {
    renderExample(filtersPanelExamples.kitchenSink);
    expect(screen.getByRole("link", { name: "only Pay" }).getAttribute("href")).toBe("/activities?verb=pay");
    expect(
      screen.getByRole("link", { name: "only Office of the County Treasurer" }).getAttribute("href"),
    ).toBe("/activities?agency=treasurer");
    expect(screen.getByRole("link", { name: "Clear filters" }).getAttribute("href")).toBe("/activities");
  });

  it("with a change handler, reports each change at once with the whole state and hides Apply", () => {
    const onChange = vi.fn();
    const { container } = renderExample(filtersPanelExamples.english, { onChange });
    expect(container.querySelector<HTMLButtonElement>("button[type=submit]")?.hidden).toBe(true);

    fireEvent.click(screen.getByRole("checkbox", { name: "Seniors" }));
    expect(onChange).toHaveBeenLastCalledWith(
      { ...clear(), "tags-verb": ["pay"], "tags-user": ["seniors"] },
      { exclusive: false },
    );

    fireEvent.click(screen.getByRole("checkbox", { name: "Pay" }));
    expect(onChange).toHaveBeenLastCalledWith({ ...clear(), "tags-user": ["seniors"] }, { exclusive: false });

    fireEvent.click(screen.getByRole("link", { name: "only Property taxes" }));
    expect(onChange).toHaveBeenLastCalledWith(
      { ...clear(), "tags-topic": ["property-taxes"] },
      { exclusive: true },
    );
    expect(screen.getByRole<HTMLInputElement>("checkbox", { name: "Seniors" }).checked).toBe(false);

    fireEvent.click(screen.getByRole("link", { name: "Clear filters" }));
    expect(onChange).toHaveBeenLastCalledWith(clear(), { exclusive: false });
    for (const box of screen.getAllByRole<HTMLInputElement>("checkbox")) expect(box.checked).toBe(false);
  });

  it("without a change handler keeps the ticks for the Apply button", () => {
    renderExample(filtersPanelExamples.spanish);
    const box = screen.getByRole<HTMLInputElement>("checkbox", { name: "Propietarios" });
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    expect(screen.getByRole("button", { name: "Aplicar filtros" }).hidden).toBe(false);
  });

  it("follows new filters from the address", () => {
    const { rerender } = renderExample(filtersPanelExamples.english);
    expect(screen.getByRole<HTMLInputElement>("checkbox", { name: "Pay" }).checked).toBe(true);
    const { props } = filtersPanelExamples.english;
    rerender(
      <I18nextProvider i18n={createI18n("en")}>
        <MemoryRouter>
          <FiltersPanel {...props} filters={{ ...clear(), agencies: ["treasurer"] }} />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(screen.getByRole<HTMLInputElement>("checkbox", { name: "Pay" }).checked).toBe(false);
    expect(
      screen.getByRole<HTMLInputElement>("checkbox", { name: "Office of the County Treasurer" }).checked,
    ).toBe(true);
  });

  it("on a phone folds each group into a disclosure, open only where a choice is in force", () => {
    stubMatchMedia(true);
    const { container } = renderExample(filtersPanelExamples.english);
    const groups = [...container.querySelectorAll<HTMLDetailsElement>("details.cp-filters__group")];
    const state = groups.map((group) => [group.querySelector("summary")?.textContent, group.open]);
    expect(state).toEqual([
      ["Agencies", false],
      ["I want to...1 selected", true],
      ["Activities for...", false],
      ["Topics", false],
    ]);
  });

  it("on wider screens opens every group once the script runs", () => {
    stubMatchMedia(false);
    const { container } = renderExample(filtersPanelExamples.spanish);
    const groups = [...container.querySelectorAll<HTMLDetailsElement>("details.cp-filters__group")];
    expect(groups.length).toBeGreaterThan(0);
    expect(groups.every((group) => group.open)).toBe(true);
  });

  it("collapses on wider screens", () => {
    stubMatchMedia(false);
    const { container } = renderExample(filtersPanelExamples.english);
    const toggle = screen.getByRole("button", { name: "Filters" });
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(container.querySelector<HTMLElement>(".cp-filters__body")?.hidden).toBe(true);
    fireEvent.click(toggle);
    expect(container.querySelector<HTMLElement>(".cp-filters__body")?.hidden).toBe(false);
  });

  it("is open and cannot collapse on mobile, rechecked when the window is resized", () => {
    const resize = stubMatchMedia(true);
    const { container } = renderExample(filtersPanelExamples.english);
    const body = () => container.querySelector<HTMLElement>(".cp-filters__body")!;
    expect(screen.queryByRole("button", { name: "Filters" })).toBeNull();
    expect(body().hidden).toBe(false);

    resize(false);
    fireEvent.click(screen.getByRole("button", { name: "Filters" }));
    expect(body().hidden).toBe(true);

    resize(true);
    expect(screen.queryByRole("button", { name: "Filters" })).toBeNull();
    expect(body().hidden).toBe(false);
    expect(within(body()).getAllByRole("checkbox").length).toBeGreaterThan(0);
  });
});
