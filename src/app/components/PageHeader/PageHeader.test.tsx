// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import axe from "axe-core";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { createI18n } from "../../i18n";
import { PageHeader } from "./PageHeader";
import { type PageHeaderExample, pageHeaderExamples } from "./PageHeader.examples";

afterEach(cleanup);

function renderExample({ locale, props }: PageHeaderExample) {
  return render(
    <I18nextProvider i18n={createI18n(locale)}>
      <PageHeader {...props} />
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

describe.each(Object.entries(pageHeaderExamples))(
  "PageHeader example %s",
  (_name, example: PageHeaderExample) => {
    it("renders without accessibility violations", async () => {
      const { container } = renderExample(example);
      expect(await violations(container)).toEqual([]);
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
