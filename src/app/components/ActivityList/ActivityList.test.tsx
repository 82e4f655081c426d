// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { axeViolations, renderIn } from "../test-support";
import { ActivityList } from "./ActivityList";
import { type ActivityListExample, activityListExamples } from "./ActivityList.examples";

afterEach(cleanup);

function renderExample({ locale, props }: ActivityListExample) {
  return renderIn(
    locale,
    <MemoryRouter initialEntries={["/activities"]}>
      <ActivityList {...props} />
    </MemoryRouter>,
  );
}

describe.each(Object.entries(activityListExamples))(
  "ActivityList example %s",
  (_name, example: ActivityListExample) => {
    it("renders without accessibility violations", async () => {
      const { container } = renderExample(example);
      expect(await axeViolations(container)).toEqual([]);
    });

    it("shows one tile per item", () => {
      const { container } = renderExample(example);
      expect(container.querySelectorAll(".cp-tile")).toHaveLength(example.props.items.length);
    });
  },
);

describe("ActivityList", () => {
  it("shows the filters, the count and tiles one heading level below, linked to each item", () => {
    renderExample(activityListExamples.english);
    expect(screen.getByRole("heading", { level: 2, name: "Filters" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "3 activities" })).toBeTruthy();
    const tiles = screen.getAllByRole("heading", { level: 3 }).filter((h) => h.closest(".cp-tile"));
    expect(tiles.map((h) => h.textContent)).toEqual([
      "Homestead deduction",
      "Pay property taxes",
      "Find your school district",
    ]);
    expect(screen.getByRole("link", { name: "Pay property taxes" }).getAttribute("href")).toBe(
      "/activity/pay-property-taxes",
    );
    expect(screen.getByRole("link", { name: "Find your school district" }).getAttribute("href")).toBe(
      "https://schools.example.org/lookup",
    );
    expect(screen.queryByRole("navigation", { name: "Pagination" })).toBeNull();
  });

  it("counts in Spanish", () => {
    renderExample(activityListExamples.spanish);
    expect(screen.getByRole("heading", { name: "2 servicios" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Filtros" })).toBeTruthy();
  });

  it("leaves the filter bar out when there is nothing to filter by", () => {
    renderExample(activityListExamples.withoutFilters);
    expect(screen.queryByRole("heading", { name: "Filters" })).toBeNull();
    expect(screen.getByRole("heading", { name: "1 activity" })).toBeTruthy();
  });

  it("shows the blank state with a way out", () => {
    const { container } = renderExample(activityListExamples.blank);
    const blank = container.querySelector<HTMLElement>(".cp-activity-list__empty")!;
    expect(within(blank).getByText("No activities match your filters")).toBeTruthy();
    expect(within(blank).getByRole("link", { name: "Clear filters" }).getAttribute("href")).toBe(
      "/activities",
    );
    cleanup();
    renderExample(activityListExamples.blankSpanish);
    expect(screen.getByText("Ningún servicio coincide con sus filtros")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Borrar filtros" })).toBeTruthy();
  });

  it("pages with the filters kept, and filter links back on page 1", () => {
    renderExample(activityListExamples.kitchenSink);
    expect(screen.getByText("Page 2 of 3")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 3, name: "28 activities" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Next page" }).getAttribute("href")).toBe(
      "/activities?verb=pay&verb=apply&page=3",
    );
    expect(screen.getByRole("link", { name: "Previous page" }).getAttribute("href")).toBe(
      "/activities?verb=pay&verb=apply",
    );
    expect(
      screen.getByRole("link", { name: "only Office of the County Treasurer" }).getAttribute("href"),
    ).toBe("/activities?agency=treasurer");
    expect(screen.getAllByRole("heading", { level: 4 }).length).toBeGreaterThan(0);
  });
});
