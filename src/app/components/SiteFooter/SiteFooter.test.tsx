// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { axeViolations, renderIn } from "../test-support";
import { SiteFooter } from "./SiteFooter";
import { type SiteFooterExample, siteFooterExamples } from "./SiteFooter.examples";

afterEach(cleanup);

function renderExample({ locale, props }: SiteFooterExample) {
  return renderIn(locale, <SiteFooter {...props} />, { router: true });
}

describe.each(Object.entries(siteFooterExamples))(
  "SiteFooter example %s",
  (_name, example: SiteFooterExample) => {
    it("renders without accessibility violations", async () => {
      const { container } = renderExample(example);
      expect(await axeViolations(container)).toEqual([]);
    });

    it("is the contentinfo landmark with the emergency number and the city's line, both dialable", () => {
      renderExample(example);
      const footer = screen.getByRole("contentinfo");
      expect(within(footer).getByRole("link", { name: "911" }).getAttribute("href")).toBe("tel:911");
      expect(within(footer).getByRole("link", { name: "311" }).getAttribute("href")).toBe("tel:311");
    });
  },
);

describe("SiteFooter", () => {
  it("tells residents to call 911 in an emergency, in both languages", () => {
    const { container } = renderExample(siteFooterExamples.english);
    expect(container.querySelector(".cp-site-footer__emergency")?.textContent).toBe(
      "In an emergency, call 911",
    );
    cleanup();
    const es = renderExample(siteFooterExamples.spanish);
    expect(es.container.querySelector(".cp-site-footer__emergency")?.textContent).toBe(
      "En caso de emergencia, llame al 911",
    );
    expect(screen.getByRole("heading", { level: 2, name: "Comuníquese con nosotros" })).toBeTruthy();
  });

  it("shows the outside line, email, hours and address from the site config", () => {
    const { container } = renderExample(siteFooterExamples.english);
    expect(screen.getByRole("link", { name: "(555) 010-3110" }).getAttribute("href")).toBe(
      "tel:+15550103110",
    );
    expect(screen.getByRole("link", { name: "311@cedarport.gov" }).getAttribute("href")).toBe(
      "mailto:311@cedarport.gov",
    );
    expect(screen.getByText(/Monday to Friday, 8 a.m. to 5 p.m./)).toBeTruthy();
    const lines = [...container.querySelectorAll("address span")].map((span) => span.textContent);
    expect(lines).toEqual(["City-County Building", "200 E. Market Street", "Cedarport, IN 46204"]);
  });

  it("lists the footer links", () => {
    renderExample(siteFooterExamples.kitchenSink);
    const nav = screen.getByRole("navigation", { name: "Footer links" });
    expect(within(nav).getAllByRole("link")).toHaveLength(5);
    expect(within(nav).getByRole("link", { name: "State of Indiana" }).getAttribute("href")).toBe(
      "https://www.in.gov/",
    );
  });

  it("needs only the main phone line", () => {
    const { container } = renderExample(siteFooterExamples.phoneOnly);
    expect(container.querySelector("address")).toBeNull();
    expect(screen.queryByRole("navigation")).toBeNull();
  });
});
