// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { axeViolations, renderIn } from "../test-support";
import { PageHeader } from "./PageHeader";
import { type PageHeaderExample, pageHeaderExamples } from "./PageHeader.examples";

afterEach(cleanup);

function renderExample({ locale, props }: PageHeaderExample) {
  return renderIn(locale, <PageHeader {...props} />);
}

describe.each(Object.entries(pageHeaderExamples))(
  "PageHeader example %s",
  (_name, example: PageHeaderExample) => {
    it("renders without accessibility violations", async () => {
      const { container } = renderExample(example);
      expect(await axeViolations(container)).toEqual([]);
    });

    it("has the page's one h1", () => {
      renderExample(example);
      expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual([
        example.props.title,
      ]);
    });
  },
);

describe("PageHeader", () => {
  it("shows the subtitle and the header image as given, with its alt text and size", () => {
    const { container } = renderExample(pageHeaderExamples.spanish);
    expect(screen.getByText(/Avise a la policía/)).toBeTruthy();
    const image = container.querySelector("img")!;
    expect(image.getAttribute("src")).toBe("/images/headers/streets.svg?w=700&h=525&fit=max");
    expect(image.getAttribute("alt")).toBe("Autos detenidos en un semáforo en un cruce con mucho tránsito");
    expect([image.getAttribute("width"), image.getAttribute("height")]).toEqual(["700", "525"]);
  });

  it("treats an image without alt text as decorative", () => {
    const { container } = renderExample(pageHeaderExamples.kitchenSink);
    expect(container.querySelector("img")?.getAttribute("alt")).toBe("");
    expect(screen.getByText("Error 404")).toBeTruthy();
    expect(container.querySelector("search form")).not.toBeNull();
    expect(screen.getByRole("navigation", { name: "Breadcrumbs" })).toBeTruthy();
  });

  it("needs only a title", () => {
    const { container } = renderExample(pageHeaderExamples.titleOnly);
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelectorAll("p")).toHaveLength(0);
  });
});
