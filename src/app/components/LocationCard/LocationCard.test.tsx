// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { axeViolations, renderIn } from "../test-support";
import { LocationCard, telHref } from "./LocationCard";
import { type LocationCardExample, locationCardExamples } from "./LocationCard.examples";

afterEach(cleanup);

function renderExample({ locale, props }: LocationCardExample) {
  return renderIn(locale, <LocationCard {...props} />);
}

describe.each(Object.entries(locationCardExamples))(
  "LocationCard example %s",
  (_name, example: LocationCardExample) => {
    it("renders without accessibility violations", async () => {
      const { container } = renderExample(example);
      expect(await axeViolations(container)).toEqual([]);
    });
  },
);

describe("LocationCard", () => {
  it("shows the address lines, a dialable phone, the fax, a mail link and both hours", () => {
    const { container } = renderExample(locationCardExamples.english);
    const lines = [...container.querySelectorAll(".cp-location-card__line")].map((line) => line.textContent);
    expect(lines).toEqual(["200 E. Market Street", "Suite 1360", "Cedarport, IN 46204"]);
    expect(screen.getByRole("link", { name: "(555) 010-4200" }).getAttribute("href")).toBe(
      "tel:+15550104200",
    );
    expect(screen.getByText("(555) 010-4299").closest("a")).toBeNull();
    expect(screen.getByRole("link", { name: "assessor@cedarport.gov" }).getAttribute("href")).toBe(
      "mailto:assessor@cedarport.gov",
    );
    expect(screen.getByText("Monday to Friday, 8 a.m. to 4:30 p.m.")).toBeTruthy();
    expect(screen.getByText("Walk-in help with appeals until 3:30 p.m.")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 3, name: "Visit or contact us" })).toBeTruthy();
  });

  it("names social links after their owner, in either language", () => {
    renderExample(locationCardExamples.english);
    expect(
      screen.getByRole("link", { name: "Office of the County Assessor on Facebook" }).getAttribute("href"),
    ).toBe("https://www.facebook.com/CedarportAssessor");
    cleanup();
    renderExample(locationCardExamples.spanish);
    expect(screen.getByRole("link", { name: "Oficina del Tasador del Condado en Facebook" })).toBeTruthy();
    expect(screen.getByText("Teléfono:")).toBeTruthy();
    expect(screen.getByText("Horario")).toBeTruthy();
  });

  it("lists every social network it has, by name", () => {
    renderExample(locationCardExamples.kitchenSink);
    const social = screen.getByRole("list", { name: "Social media" });
    expect(social.textContent).toBe("FacebookX (Twitter)Instagram");
    expect(screen.getByRole("link", { name: "parks@cedarport.gov" }).getAttribute("href")).toBe(
      "mailto:parks@cedarport.gov",
    );
  });

  it("shows only what it has", () => {
    const { container } = renderExample(locationCardExamples.phoneOnly);
    expect(container.querySelector(".cp-location-card__address")).toBeNull();
    expect(container.querySelector(".cp-location-card__hours")).toBeNull();
    expect(container.querySelector("h3")).toBeNull();
    expect(screen.getByRole("link", { name: "311" }).getAttribute("href")).toBe("tel:311");
  });
});

describe("telHref", () => {
  it("dials US numbers with their country code and short numbers as they are", () => {
    expect(telHref("(555) 010-4200")).toBe("tel:+15550104200");
    expect(telHref("1-555-010-7275")).toBe("tel:+15550107275");
    expect(telHref("311")).toBe("tel:311");
    expect(telHref("911")).toBe("tel:911");
  });
});
