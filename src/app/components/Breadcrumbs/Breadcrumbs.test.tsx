// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { axeViolations, renderIn } from "../test-support";
import { Breadcrumbs } from "./Breadcrumbs";
import { type BreadcrumbsExample, breadcrumbsExamples } from "./Breadcrumbs.examples";

afterEach(cleanup);

function renderExample({ locale, props }: BreadcrumbsExample) {
  return renderIn(locale, <Breadcrumbs {...props} />, { router: true });
}

describe.each(Object.entries(breadcrumbsExamples))(
  "Breadcrumbs example %s",
  (_name, example: BreadcrumbsExample) => {
    it("renders without accessibility violations", async () => {
      const { container } = renderExample(example);
      expect(await axeViolations(container)).toEqual([]);
    });

    it("starts at Home and ends on the current page, which is not a link", () => {
      const { container } = renderExample(example);
      const items = [...container.querySelectorAll("li")];
      expect(items).toHaveLength(example.props.items.length + 1);
      const last = items.at(-1)!;
      expect(last.getAttribute("aria-current")).toBe("page");
      expect(last.querySelector("a")).toBeNull();
    });
  },
);

describe("Breadcrumbs", () => {
  it("reads Home › section › page", () => {
    renderExample(breadcrumbsExamples.english);
    expect(screen.getByRole("navigation", { name: "Breadcrumbs" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Home" }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("link", { name: "Activities" }).getAttribute("href")).toBe("/activities");
    expect(screen.getByText("Apply for a homestead deduction")).toBeTruthy();
  });

  it("speaks Spanish", () => {
    renderExample(breadcrumbsExamples.spanish);
    expect(screen.getByRole("navigation", { name: "Ruta de navegación" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Inicio" })).toBeTruthy();
  });

  it("keeps the given home address", () => {
    renderExample(breadcrumbsExamples.kitchenSink);
    expect(screen.getByRole("link", { name: "Home" }).getAttribute("href")).toBe("/?stage=draft");
    expect(screen.getAllByRole("link")).toHaveLength(3);
  });
});
