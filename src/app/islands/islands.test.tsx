// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { clear } from "../../domain/filters";
import { renderIn } from "../components/test-support";
import { createI18n } from "../i18n";
import { pageHydrates } from "./hydration";
import { Island } from "./Island";
import { IslandsScript } from "./IslandsScript";
import { ISLAND_NAMESPACES, ISLANDS_DATA_ID, readPageData, serializePageData } from "./page-data";
import { isIslandName } from "./registry";

afterEach(cleanup);

describe("pageHydrates", () => {
  it("hydrates unless a matched route opts out or the page shows an error", () => {
    expect(pageHydrates([{ handle: undefined }, { handle: { other: 1 } }], undefined)).toBe(true);
    expect(pageHydrates([{}, { handle: { hydrate: true } }], null)).toBe(true);
    expect(pageHydrates([{}, { handle: { hydrate: false } }], undefined)).toBe(false);
    expect(pageHydrates([{}], new Response(null, { status: 404 }))).toBe(false);
  });
});

describe("Island", () => {
  it("renders the component inside a marker that names it and carries its props", () => {
    const { container } = renderIn(
      "en",
      <Island name="LanguageSwitch" props={{ returnTo: "/activities?page=2" }} />,
    );
    const marker = container.querySelector<HTMLElement>("[data-island]")!;
    expect(marker.dataset.island).toBe("LanguageSwitch");
    expect(marker.className).toBe("cp-island");
    expect(JSON.parse(marker.dataset.props!)).toEqual({ returnTo: "/activities?page=2" });
    expect(screen.getByRole("link", { name: "Español" }).getAttribute("href")).toBe(
      "/language?lang=es&return=%2Factivities%3Fpage%3D2",
    );
  });

  it("can be the list item itself, so a grid keeps its children", () => {
    const activity = { slug: "pay", title: "Pay", activity_type: "Payment", status: "published" };
    const { container } = renderIn(
      "es",
      <ul>
        <Island as="li" name="ActivityTile" props={{ activity, href: "/activity/pay", headingLevel: 3 }} />
      </ul>,
    );
    const item = container.querySelector("ul > li[data-island='ActivityTile']")!;
    expect(item.className).toBe("");
    expect(item.querySelector(".cp-tile__cta")?.textContent).toBe("Comenzar");
  });

  it("renders the list filters as the no-JavaScript form, keeping the address's language", () => {
    const facets = {
      agencies: [{ id: "auditor", title: "Auditor" }],
      types: [],
      users: [],
      tags: [],
      topics: [],
    };
    const { container } = renderIn(
      "es",
      <Island
        name="FiltersPanel"
        props={{ facets, filters: clear(), path: "/activities", query: "lang=es" }}
      />,
    );
    expect(container.querySelector<HTMLInputElement>("input[type=hidden][name=lang]")?.value).toBe("es");
    expect(screen.getByRole("link", { name: "solo Auditor" }).getAttribute("href")).toBe(
      "/activities?agency=auditor&lang=es",
    );
  });

  it("knows its islands by name", () => {
    expect(isIslandName("SearchBox")).toBe(true);
    expect(isIslandName("toString")).toBe(false);
    expect(isIslandName(undefined)).toBe(false);
  });
});

describe("the islands' page data", () => {
  it("carries the page's language and only its strings, safe inside a script element", () => {
    // Server-side only, as in the page (React never runs these scripts on the client).
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={createI18n("es")}>
        <IslandsScript src="/assets/islands-x.js" locale="es" />
      </I18nextProvider>,
    );
    const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
    expect(doc.querySelector(`script#${ISLANDS_DATA_ID}`)?.getAttribute("type")).toBe("application/json");
    const data = readPageData(doc)!;
    expect(data.locale).toBe("es");
    expect(Object.keys(data.strings)).toEqual([...ISLAND_NAMESPACES]);
    expect((data.strings.ui as { search: { submit: string } }).search.submit).toBe("Buscar");
    expect(doc.querySelector("script[type=module]")?.getAttribute("src")).toBe("/assets/islands-x.js");
  });

  it("escapes what could end the script element", () => {
    const text = serializePageData({ locale: "en", strings: { ui: { x: "</script><!-- \u2028" } } });
    expect(text).not.toMatch(/<|>|\u2028/);
    expect(JSON.parse(text).strings.ui.x).toBe("</script><!-- \u2028");
  });
});
