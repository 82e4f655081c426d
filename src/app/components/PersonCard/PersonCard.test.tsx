// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import axe from "axe-core";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createI18n } from "../../i18n";
import { PersonCard } from "./PersonCard";
import { type PersonCardExample, personCardExamples } from "./PersonCard.examples";

afterEach(cleanup);

function renderExample({ locale, props }: PersonCardExample) {
  return render(
    <I18nextProvider i18n={createI18n(locale)}>
      <MemoryRouter>
        <PersonCard {...props} />
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

describe.each(Object.entries(personCardExamples))(
  "PersonCard example %s",
  (_name, example: PersonCardExample) => {
    it("renders without accessibility violations", async () => {
      const { container } = renderExample(example);
      expect(await violations(container)).toEqual([]);
    });

    it("is headed by the person's name", () => {
      renderExample(example);
      const heading = screen.getByRole("heading", { level: example.props.headingLevel ?? 3 });
      expect(heading.textContent).toBe(example.props.person.name);
    });
  },
);

describe("PersonCard", () => {
  it("shows the job title, a decorative portrait and the biography", () => {
    const { container } = renderExample(personCardExamples.spanish);
    expect(screen.getByText("Tasadora del Condado")).toBeTruthy();
    expect(container.querySelector("img")?.getAttribute("alt")).toBe("");
    expect(screen.getByText(/fue elegida/)).toBeTruthy();
    expect(container.querySelector("a")).toBeNull();
  });

  it("takes a rendered biography and links the name when given a page", () => {
    const { container } = renderExample(personCardExamples.kitchenSink);
    expect(container.querySelectorAll(".cp-person-card__bio p")).toHaveLength(2);
    expect(screen.getByRole("link", { name: "Dolores Whitfield" }).getAttribute("href")).toBe(
      "/activity/contact-the-mayor",
    );
  });

  it("needs nothing but a name", () => {
    const { container } = renderExample(personCardExamples.nameOnly);
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector(".cp-person-card__bio")).toBeNull();
  });
});
