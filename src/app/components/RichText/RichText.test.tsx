// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Locale } from "../../i18n";
import { axeViolations, renderIn } from "../test-support";
import { MarkdownRichText as RichText } from "./MarkdownRichText";
import { richTextExamples } from "./RichText.examples";

function html(markdown: string, locale: Locale = "en", siteHost?: string) {
  const { container } = renderIn(locale, <RichText markdown={markdown} siteHost={siteHost} />);
  return container;
}

afterEach(cleanup);

describe.each(richTextExamples)("RichText example: $name", ({ locale, props }) => {
  it("has no axe violations", async () => {
    const { container } = renderIn(locale, <RichText {...props} />);
    expect(await axeViolations(container)).toEqual([]);
  });

  it("renders no script, style or event handler", () => {
    const { container } = renderIn(locale, <RichText {...props} />);
    expect(container.querySelector("script, style")).toBeNull();
    expect(container.innerHTML).not.toMatch(/onclick|javascript:|alert\(/i);
  });
});

describe("RichText iframes (SPEC §5)", () => {
  it("sandboxes an iframe from any other source, replacing the author's sandbox", () => {
    const iframe = html(
      '<iframe src="https://forms.example.com/x" title="Survey" sandbox="allow-same-origin"></iframe>',
    ).querySelector("iframe")!;
    expect(iframe.getAttribute("sandbox")).toBe("allow-forms allow-scripts allow-presentation");
    expect(iframe.getAttribute("title")).toBe("Survey");
  });

  it.each(["https://www.youtube.com/embed/abc123", "https://maps.cedarport.gov/parcels?id=1"])(
    "leaves %s unsandboxed",
    (src) => {
      const iframe = html(`<iframe src="${src}" title="Embed"></iframe>`).querySelector("iframe")!;
      expect(iframe.getAttribute("src")).toBe(src);
      expect(iframe.hasAttribute("sandbox")).toBe(false);
    },
  );

  it("titles an untitled iframe in the page's language", () => {
    const iframe = html('<iframe src="https://maps.cedarport.gov/"></iframe>', "es").querySelector("iframe")!;
    expect(iframe.getAttribute("title")).toBe("Contenido incrustado");
    expect(iframe.getAttribute("loading")).toBe("lazy");
  });

  it("drops an iframe with a script URL", () => {
    const iframe = html('<iframe src="javascript:alert(1)" title="x"></iframe>').querySelector("iframe");
    expect(iframe?.getAttribute("src") ?? null).toBeNull();
  });
});

describe("RichText tables (SPEC §5)", () => {
  it("scopes header cells and labels body cells for phones", () => {
    const container = html("| Deduction | Deadline |\n| --- | --- |\n| Homestead | December 31 |");
    const headers = [...container.querySelectorAll("thead th")];
    expect(headers.map((th) => th.getAttribute("scope"))).toEqual(["col", "col"]);
    const cells = [...container.querySelectorAll("tbody td")];
    expect(cells.map((td) => td.getAttribute("data-label"))).toEqual(["Deduction", "Deadline"]);
  });

  it("treats a first row of header cells in raw HTML as the header, and row headers get scope row", () => {
    const container = html(
      "<table><tr><th>Office</th><th>Phone</th></tr><tr><th>Assessor</th><td>311</td></tr></table>",
    );
    expect(container.querySelector("tr:first-child th")?.getAttribute("scope")).toBe("col");
    const rowHeader = screen.getByText("Assessor");
    expect(rowHeader.getAttribute("scope")).toBe("row");
    expect(rowHeader.getAttribute("data-label")).toBe("Office");
    expect(screen.getByText("311").getAttribute("data-label")).toBe("Phone");
  });
});

describe("RichText links (SPEC §5)", () => {
  it("removes dl and _ga from image-asset links, keeping other parameters", () => {
    const link = html("[Form](https://images.cedarport.gov/forms/a.pdf?dl=1&_ga=2.1&v=3)").querySelector(
      "a",
    )!;
    expect(link.getAttribute("href")).toBe("https://images.cedarport.gov/forms/a.pdf?v=3");
  });

  it("opens links to other hosts in a new tab and says so", () => {
    renderIn("en", <RichText markdown="[State law](https://iga.in.gov/laws)" />);
    const link = screen.getByRole("link", { name: "State law (opens in a new tab)" });
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("says so in Spanish on the Spanish site", () => {
    renderIn("es", <RichText markdown="[Ley estatal](https://iga.in.gov/laws)" />);
    expect(screen.getByRole("link", { name: "Ley estatal (se abre en una pestaña nueva)" })).toBeTruthy();
  });

  it.each(["/activity/pay-taxes", "https://www.cedarport.gov/news", "https://cedarport.gov/news", "tel:311"])(
    "keeps %s in the same tab",
    (href) => {
      const link = html(`[Here](${href})`, "en", "www.cedarport.gov").querySelector("a")!;
      expect(link.getAttribute("href")).toBe(href);
      expect(link.hasAttribute("target")).toBe(false);
    },
  );

  it("treats the host it is given as the site's own", () => {
    const link = html("[Here](https://staging.example.org/a)", "en", "staging.example.org").querySelector(
      "a",
    )!;
    expect(link.hasAttribute("target")).toBe(false);
  });
});

describe("RichText sanitising", () => {
  it("strips a script tag, a style tag and event handlers", () => {
    const container = html(
      '<script>alert("x")</script>\n\n<style>p{}</style>\n\n<p onclick="alert(1)" style="color:red">Hello</p>',
    );
    expect(container.querySelector("script, style")).toBeNull();
    expect(container.textContent).not.toContain("alert");
    expect(container.textContent).not.toContain("p{}");
    const p = screen.getByText("Hello");
    expect(p.hasAttribute("onclick")).toBe(false);
    expect(p.hasAttribute("style")).toBe(false);
  });

  it("removes javascript: links", () => {
    const link = html('<a href="javascript:alert(1)">x</a>').querySelector("a");
    expect(link?.getAttribute("href") ?? "").not.toMatch(/javascript/i);
  });
});

describe("RichText headings and emptiness", () => {
  it("shifts headings by the offset, never past h6", () => {
    const { container } = renderIn("en", <RichText markdown={"# One\n\n###### Six"} headingOffset={2} />);
    expect(container.querySelector("h3")?.textContent).toBe("One");
    expect(container.querySelector("h6")?.textContent).toBe("Six");
    expect(container.querySelector("h1")).toBeNull();
  });

  it.each([null, undefined, "", "  \n"])("renders nothing for %j", (markdown) => {
    const { container } = renderIn("en", <RichText markdown={markdown} />);
    expect(container.innerHTML).toBe("");
  });
});

describe("RichText (server-rendered HTML)", () => {
  it("renders the server's HTML inside the rich-text wrapper, and nothing for none", async () => {
    const { renderRichText } = await import("./render-rich-text.server");
    const { RichText: Html } = await import("./RichText");
    const made = renderRichText("## Fees\n\n[Pay](https://pay.example.com)", "es", { headingOffset: 1 });
    expect(made).toContain("<h3>Fees</h3>");
    expect(made).toContain("(se abre en una pestaña nueva)");
    expect(renderRichText("## Fees\n\n[Pay](https://pay.example.com)", "es", { headingOffset: 1 })).toBe(
      made,
    );
    const { container } = renderIn("en", <Html html={made} />);
    expect(container.querySelector(".cp-rich-text h3")?.textContent).toBe("Fees");
    expect(renderIn("en", <Html html={null} />).container.innerHTML).toBe("");
    expect(renderRichText("  ", "en")).toBeNull();
  });
});
