// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { axeViolations, renderIn } from "../test-support";
import { PersonCard } from "./PersonCard";
import { type PersonCardExample, personCardExamples } from "./PersonCard.examples";

afterEach(cleanup);

function renderExample({ locale, props }: PersonCardExample) {
  return renderIn(locale, <PersonCard {...props} />, { router: true });
}

describe.each(Object.entries(personCardExamples))(
  "PersonCard example %s",
  (_name, example: PersonCardExample) => {
    it("renders without accessibility violations", async () => {
      const { container } = renderExample(example);
      expect(await axeViolations(container)).toEqual([]);
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

  it("shows how to reach the office under the biography, each link its own target", () => {
    const { container } = renderExample(personCardExamples.withContact);
    const phone = screen.getByRole("link", { name: "(555) 010-2450" });
    expect(phone.getAttribute("href")).toBe("tel:+15550102450");
    expect(screen.getByRole("link", { name: "council@cedarport.gov" }).getAttribute("href")).toBe(
      "mailto:council@cedarport.gov",
    );
    expect(screen.getByText("Teléfono:")).toBeTruthy();
    const lines = [...container.querySelectorAll(".cp-person-contact__line")].map((l) => l.textContent);
    expect(lines).toEqual(["200 E. Market Street", "Suite 241", "Cedarport, IN 46204"]);
    expect(container.querySelector(".cp-person-card__more address")).not.toBeNull();
  });

  it("needs nothing but a name", () => {
    const { container } = renderExample(personCardExamples.nameOnly);
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector(".cp-person-card__bio")).toBeNull();
  });
});
