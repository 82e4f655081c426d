// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import axe from "axe-core";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createI18n } from "../../i18n";
import { AgencyCard } from "./AgencyCard";
import { type AgencyCardExample, agencyCardExamples } from "./AgencyCard.examples";

afterEach(cleanup);

function renderExample({ locale, props }: AgencyCardExample) {
  return render(
    <I18nextProvider i18n={createI18n(locale)}>
      <MemoryRouter>
        <AgencyCard {...props} />
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

describe.each(Object.entries(agencyCardExamples))(
  "AgencyCard example %s",
  (_name, example: AgencyCardExample) => {
    it("renders without accessibility violations", async () => {
      const { container } = renderExample(example);
      expect(await violations(container)).toEqual([]);
    });

    it("is one heading link to the agency", () => {
      const { container } = renderExample(example);
      const heading = screen.getByRole("heading", { level: example.props.headingLevel ?? 3 });
      expect(heading.textContent).toBe(example.props.agency.title);
      expect(container.querySelectorAll("a")).toHaveLength(1);
      expect(screen.getByRole("link").getAttribute("href")).toBe(example.props.href);
    });
  },
);

describe("AgencyCard", () => {
  it("shows the subtitle when there is one", () => {
    renderExample(agencyCardExamples.spanish);
    expect(screen.getByText("Valor de las propiedades, registros de propiedad y apelaciones")).toBeTruthy();
    cleanup();
    const { container } = renderExample(agencyCardExamples.kitchenSink);
    expect(container.querySelector("p")).toBeNull();
  });
});
