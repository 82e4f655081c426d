// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import axe from "axe-core";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createI18n } from "../../i18n";
import { Pagination } from "./Pagination";
import { type PaginationExample, paginationExamples } from "./Pagination.examples";

afterEach(cleanup);

function renderExample({ locale, props }: PaginationExample) {
  return render(
    <I18nextProvider i18n={createI18n(locale)}>
      <MemoryRouter initialEntries={["/activities"]}>
        <Pagination {...props} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

async function violations(container: HTMLElement) {
  const result = await axe.run(container, {
    runOnly: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"],
    rules: { region: { enabled: false }, "color-contrast": { enabled: false } },
  });
  return result.violations;
}

describe.each(Object.entries(paginationExamples))(
  "Pagination example %s",
  (_name, example: PaginationExample) => {
    it("renders without accessibility violations", async () => {
      const { container } = renderExample(example);
      expect(await violations(container)).toEqual([]);
    });
  },
);

const texts = (container: HTMLElement) => [...container.querySelectorAll("li")].map((li) => li.textContent);

describe("Pagination", () => {
  it("links Previous, every page and Next, marking the current page", () => {
    const { container } = renderExample(paginationExamples.english);
    expect(screen.getByRole("navigation", { name: "Pagination" })).toBeTruthy();
    expect(texts(container)).toEqual(["‹ Previous", "1", "2", "3", "4", "Next ›"]);
    const current = screen.getByRole("link", { name: "Page 2" });
    expect(current.getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Page 1" }).getAttribute("aria-current")).toBeNull();
    expect(screen.getByRole("link", { name: "Previous page" }).getAttribute("href")).toBe(
      "/activities?agency=treasurer",
    );
    expect(screen.getByRole("link", { name: "Next page" }).getAttribute("href")).toBe(
      "/activities?agency=treasurer&page=3",
    );
  });

  it("speaks Spanish", () => {
    renderExample(paginationExamples.spanish);
    expect(screen.getByRole("navigation", { name: "Paginación" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Página anterior" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Página siguiente" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Página 2" }).getAttribute("aria-current")).toBe("page");
  });

  it("has no Previous on the first page and no Next on the last", () => {
    const first = renderExample(paginationExamples.firstPage);
    expect(first.queryByText(/Previous/)).toBeNull();
    expect(first.getByText(/Next/)).toBeTruthy();
    cleanup();
    const last = renderExample(paginationExamples.lastPage);
    expect(last.queryByText(/Siguiente/)).toBeNull();
    expect(last.getByText(/Anterior/)).toBeTruthy();
  });

  it("is hidden when there is one page", () => {
    const { container } = renderExample(paginationExamples.onePage);
    expect(container.innerHTML).toBe("");
  });

  it("collapses long runs of pages into gaps", () => {
    const { container } = renderExample(paginationExamples.kitchenSink);
    expect(texts(container)).toEqual(["‹ Previous", "1", "…", "9", "10", "11", "…", "20", "Next ›"]);
  });
});
