// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MAIN_CONTENT_ID, SkipLink } from "../SkipLink/SkipLink";
import { axeViolations, renderIn } from "../test-support";
import { navCurrent, SiteHeader } from "./SiteHeader";
import { type SiteHeaderExample, siteHeaderExamples } from "./SiteHeader.examples";

afterEach(cleanup);

function renderExample({ locale, props }: SiteHeaderExample) {
  return renderIn(
    locale,
    <>
      <SkipLink />
      <SiteHeader {...props} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <h1>Page</h1>
      </main>
    </>,
    { router: true },
  );
}

describe.each(Object.entries(siteHeaderExamples))(
  "SiteHeader example %s",
  (_name, example: SiteHeaderExample) => {
    it("renders without accessibility violations", async () => {
      const { container } = renderExample(example);
      expect(await axeViolations(container)).toEqual([]);
    });

    it("is a banner with the name linking home", () => {
      renderExample(example);
      const banner = screen.getByRole("banner");
      expect(within(banner).getByRole("link", { name: example.props.siteName }).getAttribute("href")).toBe(
        "/",
      );
    });
  },
);

describe("SiteHeader", () => {
  it("links Home, Activities, Agencies and Topics, marking the current section", () => {
    renderExample(siteHeaderExamples.english);
    const nav = screen.getByRole("navigation", { name: "Main menu" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Home", "/"],
      ["Activities", "/activities"],
      ["Agencies", "/agencies"],
      ["Topics", "/topics"],
    ]);
    expect(links.map((link) => link.getAttribute("aria-current"))).toEqual([null, "true", null, null]);
  });

  it("speaks Spanish", () => {
    renderExample(siteHeaderExamples.spanish);
    const nav = screen.getByRole("navigation", { name: "Menú principal" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Inicio", "Servicios", "Agencias", "Temas"]);
    expect(within(nav).getByRole("link", { name: "Inicio" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByText("Saltar al contenido principal")).toBeTruthy();
    expect(screen.getByText("Menú")).toBeTruthy();
  });

  it("puts the search and language slots in the banner", () => {
    renderExample(siteHeaderExamples.english);
    const banner = screen.getByRole("banner");
    expect(banner.querySelector("search form")).not.toBeNull();
    expect(within(banner).getByRole("link", { name: "Español" })).toBeTruthy();
  });

  it("folds the menu into a details element that opens without script", () => {
    const { container } = renderExample(siteHeaderExamples.minimal);
    const details = container.querySelector("details")!;
    expect(details.querySelector("summary")?.textContent).toBe("Menu");
    expect(details.querySelector("nav")).not.toBeNull();
    expect(details.open).toBe(false);
    fireEvent.click(details.querySelector("summary")!);
    expect(details.open).toBe(true);
  });

  it("leaves the logo out when there is none", () => {
    const { container } = renderExample(siteHeaderExamples.minimal);
    expect(container.querySelector("img")).toBeNull();
  });
});

describe("navCurrent", () => {
  const activities = { href: "/activities", sections: ["activities", "activity"] };
  const home = { href: "/", sections: ["home"] };

  it("is 'page' on the section's own page, whatever the query or a trailing slash", () => {
    expect(navCurrent(activities, "/activities")).toBe("page");
    expect(navCurrent(activities, "/activities/?verb=pay")).toBe("page");
    expect(navCurrent(home, "/")).toBe("page");
    expect(navCurrent(home, "")).toBe("page");
  });

  it("is 'true' inside the section and nothing elsewhere", () => {
    expect(navCurrent(activities, "/activity/pay-property-taxes")).toBe("true");
    expect(navCurrent(activities, "/agency/assessor")).toBeUndefined();
    expect(navCurrent(home, "/topics")).toBeUndefined();
  });
});
