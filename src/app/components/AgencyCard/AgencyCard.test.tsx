// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { axeViolations, renderIn } from "../test-support";
import { AgencyCard } from "./AgencyCard";
import { type AgencyCardExample, agencyCardExamples } from "./AgencyCard.examples";

afterEach(cleanup);

function renderExample({ locale, props }: AgencyCardExample) {
  return renderIn(locale, <AgencyCard {...props} />, { router: true });
}

describe.each(Object.entries(agencyCardExamples))(
  "AgencyCard example %s",
  (_name, example: AgencyCardExample) => {
    it("renders without accessibility violations", async () => {
      const { container } = renderExample(example);
      expect(await axeViolations(container)).toEqual([]);
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
