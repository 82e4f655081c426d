// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { axeViolations, renderIn } from "../test-support";
import { Pagination } from "./Pagination";
import { type PaginationExample, paginationExamples } from "./Pagination.examples";

afterEach(cleanup);

function renderExample({ locale, props }: PaginationExample) {
  return renderIn(
    locale,
    <MemoryRouter initialEntries={["/activities"]}>
      <Pagination {...props} />
    </MemoryRouter>,
  );
}

describe.each(Object.entries(paginationExamples))(
  "Pagination example %s",
  (_name, example: PaginationExample) => {
    it("renders without accessibility violations", async () => {
      const { container } = renderExample(example);
      expect(await axeViolations(container)).toEqual([]);
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
