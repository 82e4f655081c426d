import { describe, expect, it } from "vitest";
import { plainHtml } from "../../../workflow/rich-texts";
import {
  analyseWorkflowText,
  compileWorkflowText,
  withLanguage,
  workflowTextAsPlain,
} from "./workflow-markdown.server";

const HOMESTEAD = "[Apply for the homestead deduction](/workflow/homestead-deduction-application)";

describe("compileWorkflowText: links and emphasis in workflow texts", () => {
  it("makes links, bold, italic, paragraphs and lists in a block", () => {
    expect(
      compileWorkflowText(`${HOMESTEAD} **now**, *or* later.\n\nThen:\n\n- one\n- two`, "en", "block"),
    ).toBe(
      '<p><a href="/workflow/homestead-deduction-application">Apply for the homestead deduction</a> <strong>now</strong>, <em>or</em> later.</p>\n<p>Then:</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>',
    );
  });

  it("keeps a hint to one line: its words, links and emphasis, no paragraphs or lists", () => {
    const html = compileWorkflowText("See **this** [page](/activity/x).\n\n- a\n- b", "en", "inline");
    expect(html).toContain('See <strong>this</strong> <a href="/activity/x">page</a>.');
    expect(html).not.toMatch(/<(p|ul|li)\b/);
    expect(html).toContain("a\nb");
  });

  it("never makes raw HTML markup: tags and their attributes are dropped, words kept", () => {
    const html = compileWorkflowText(
      'A <b onclick="x()">bold</b> move <script>alert(1)</script><img src=x onerror=alert(1)>',
      "en",
      "block",
    );
    // The tags go; what stood between them is inert text (and `workflow check` reports the HTML).
    expect(html).toBe("<p>A bold move alert(1)</p>");
  });

  it("refuses javascript:, data: and other addresses, and keeps http(s), mailto, tel and site links", () => {
    const html = compileWorkflowText(
      "[a](javascript:alert(1)) [b](data:text/html,hi) [c](vbscript:x) [d](https://x.example/) [e](mailto:a@example.com) [f](tel:311) [g](/agency/auditor) [h](#top)",
      "en",
      "block",
    );
    expect(html).not.toMatch(/javascript|data:|vbscript/);
    expect(html).toContain("<a>a</a> <a>b</a> <a>c</a>");
    expect(html).toContain('href="https://x.example/"');
    expect(html).toContain('href="mailto:a@example.com"');
    expect(html).toContain('href="tel:311"');
    expect(html).toContain('href="/agency/auditor"');
    expect(html).toContain('href="#top"');
  });

  it("shows images, headings, code and quotes only as their words", () => {
    const html = compileWorkflowText(
      "# Title\n\n![alt](https://x.example/a.png)\n\n> quote `code`",
      "en",
      "block",
    );
    expect(html).not.toMatch(/<(h1|img|blockquote|code)\b/);
    expect(html).toContain("Title");
    expect(html).toContain("quote code");
  });

  it("marks links to other sites as content does: a new tab, said in the text's language", () => {
    const en = compileWorkflowText("[The state](https://www.in.gov/dlgf)", "en", "block");
    expect(en).toBe(
      '<p><a href="https://www.in.gov/dlgf" target="_blank" rel="noopener noreferrer">The state<span class="usa-sr-only"> (opens in a new tab)</span></a></p>',
    );
    const es = compileWorkflowText("[El estado](https://www.in.gov/dlgf)", "es", "block");
    expect(es).toContain('<span class="usa-sr-only"> (se abre en una pestaña nueva)</span>');
    // The city's own site stays in the same tab.
    expect(
      compileWorkflowText("[Us](https://www.cedarport.gov/agency/auditor)", "en", "block"),
    ).not.toContain("_blank");
  });

  it("keeps a Spanish reader in Spanish on the site's pages, and leaves other sites alone", () => {
    const html = compileWorkflowText(
      `${HOMESTEAD} · [auditor](/agency/auditor#hours) · [ya](/activity/x?lang=en) · [us](https://www.cedarport.gov/topic/y) · [state](https://www.in.gov/x)`,
      "es",
      "block",
    );
    expect(html).toContain('href="/workflow/homestead-deduction-application?lang=es"');
    expect(html).toContain('href="/agency/auditor?lang=es#hours"');
    expect(html).toContain('href="/activity/x?lang=en"');
    expect(html).toContain('href="https://www.cedarport.gov/topic/y?lang=es"');
    expect(html).toContain('href="https://www.in.gov/x"');
    expect(compileWorkflowText(HOMESTEAD, "en", "block")).toContain(
      'href="/workflow/homestead-deduction-application"',
    );
  });

  it("leaves {placeholders} in place for the values filled in when the screen is shown", () => {
    expect(compileWorkflowText("Call the [{office}](/agency/auditor) at {phone}.", "en", "block")).toBe(
      '<p>Call the <a href="/agency/auditor">{office}</a> at {phone}.</p>',
    );
  });

  it.each([
    "We have sent a confirmation to {email}.",
    "It's the owner's \"home\" & 3 < 65 > 10",
    "Applications found for “{query}”: $17,000 or less, 10% at 62.",
    "Add each dog, up to 5. A dog must be at least 4 months old.",
  ])("compiles a text without Markdown to exactly the text as written: %s", (text) => {
    expect(compileWorkflowText(text, "en", "block")).toBe(plainHtml(text, "block"));
    expect(compileWorkflowText(text, "es", "inline")).toBe(plainHtml(text, "inline"));
  });
});

describe("withLanguage", () => {
  it("adds the language to the site's addresses only, and only for Spanish", () => {
    expect(withLanguage("/workflow/x", "es")).toBe("/workflow/x?lang=es");
    expect(withLanguage("/workflow/x?a=1#b", "es")).toBe("/workflow/x?a=1&lang=es#b");
    expect(withLanguage("//evil.example/x", "es")).toBe("//evil.example/x");
    expect(withLanguage("mailto:a@example.com", "es")).toBe("mailto:a@example.com");
    expect(withLanguage("https://cedarport.gov/x", "es")).toBe("https://cedarport.gov/x?lang=es");
    expect(withLanguage("/workflow/x", "en")).toBe("/workflow/x");
  });
});

describe("workflowTextAsPlain: a workflow text in an e-mail", () => {
  const origin = "https://www.cedarport.gov";

  it("writes each link as its words and its full address", () => {
    expect(
      workflowTextAsPlain(`If you live there, ${HOMESTEAD.replace("Apply", "apply")}.`, "en", origin),
    ).toBe(
      "If you live there, apply for the homestead deduction (https://www.cedarport.gov/workflow/homestead-deduction-application).",
    );
  });

  it("keeps the Spanish reader in Spanish, and writes e-mail addresses and phone numbers without their scheme", () => {
    expect(
      workflowTextAsPlain(
        "[Solicite la deducción](/workflow/homestead-deduction-application), [escriba](mailto:a@example.com) o llame al [311](tel:311).",
        "es",
        origin,
      ),
    ).toBe(
      "Solicite la deducción (https://www.cedarport.gov/workflow/homestead-deduction-application?lang=es), escriba (a@example.com) o llame al 311.",
    );
  });

  it("keeps paragraphs apart and list items on their own lines, without emphasis marks or HTML", () => {
    expect(
      workflowTextAsPlain(
        "**First** <b>step</b>.\n\n1. one\n2. [two](https://www.in.gov/x)\n\nEnd.",
        "en",
        origin,
      ),
    ).toBe("First step.\n\n1. one\n2. two (https://www.in.gov/x)\n\nEnd.");
  });

  it("drops a refused link's address and does not repeat a bare address", () => {
    expect(workflowTextAsPlain("[x](javascript:alert(1)) and https://www.in.gov/dlgf", "en", origin)).toBe(
      "x and https://www.in.gov/dlgf",
    );
  });
});

describe("analyseWorkflowText: what `workflow check` reads", () => {
  it("lists every link as written, raw HTML, the elements and the paragraphs", () => {
    const analysis = analyseWorkflowText("[a](javascript:x()) <b>b</b>\n\n# H\n\n- [c](/workflow/y)");
    expect(analysis.links).toEqual([
      { href: "javascript:x()", text: "a" },
      { href: "/workflow/y", text: "c" },
    ]);
    expect(analysis.html).toEqual(["<b>", "</b>"]);
    expect(analysis.elements).toEqual(expect.arrayContaining(["p", "a", "h1", "ul", "li"]));
    expect(analysis.paragraphs).toBe(1);
  });
});
