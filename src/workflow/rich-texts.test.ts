import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compileWorkflowText } from "../app/components/RichText/workflow-markdown.server";
import { renderContent } from "./content";
import { editedPets, node } from "./fixtures";
import { type Journey, startJourney } from "./journey";
import { localizeText } from "./localize";
import { parseWorkflow } from "./parse";
import {
  compileTexts,
  escapeHtml,
  fillHtml,
  markdownTexts,
  noticeTexts,
  plainHtml,
  singleParagraph,
  textHtml,
  withoutMarkdown,
} from "./rich-texts";
import { requireScreen } from "./screens";
import type { Workflow } from "./types";

const t = (en: string, es: string) => ({ en, es });
const now = new Date("2026-06-01T16:00:00Z");
const HOMESTEAD = "/workflow/homestead-deduction-application";

/** The pets fixture with Markdown in an exit page, an alert, a screen hint and field hints. */
function petsWithLinks(): Workflow {
  const file = editedPets((f) => {
    const exit = node(f, "no-pets").data;
    exit.config = {
      title: t("No pets", "Sin mascotas"),
      content: [
        {
          kind: "text",
          text: t(
            `{name}, [apply for the homestead deduction](${HOMESTEAD}) **instead**.`,
            `{name}, [solicite la deducción por vivienda principal](${HOMESTEAD}) **en su lugar**.`,
          ),
          replace: { name: { type: "reference", screen: "start", input: "nickname" } },
        },
        {
          kind: "alert",
          title: t("What you can do", "Lo que puede hacer"),
          message: [
            t("Call 311.", "Llame al 311."),
            t("See [the state](https://www.in.gov/dlgf).", "Vea [el estado](https://www.in.gov/dlgf)."),
            t("{gone}", "{gone}"),
          ],
          replace: { gone: { type: "bound_data", location: "nowhere" } },
        },
      ],
    };
    const details = node(f, "details").data.config!;
    details.hint = t("Tell us **about** your pet.", "Cuéntenos **sobre** su mascota.");
    const properties = (details.schema as { properties: Record<string, Record<string, unknown>> }).properties;
    properties.name!.description = t(
      "As on its [licence](/activity/license-your-dog).",
      "Como en su licencia.",
    );
    details.uiSchema = { age: { "ui:help": t("In *years*.", "En *años*.") } };
  });
  const workflow = parseWorkflow(file, "pets.json");
  compileTexts(workflow, compileWorkflowText);
  return workflow;
}

const journeyWith = (workflow: Workflow, answers: Journey["answers"]): Journey => ({
  ...startJourney(workflow),
  answers,
});

describe("markdownTexts", () => {
  it("are a screen's hints, text blocks and alert messages, never its titles", () => {
    const workflow = petsWithLinks();
    const texts = (name: string) =>
      markdownTexts(requireScreen(workflow, name)).map(({ text, kind }) => [
        typeof text === "string" ? text : text.en,
        kind,
      ]);
    expect(texts("details")).toEqual([
      ["Tell us **about** your pet.", "inline"],
      ["As on its [licence](/activity/license-your-dog).", "inline"],
      ["In *years*.", "inline"],
    ]);
    expect(texts("no-pets").map(([, kind]) => kind)).toEqual(["block", "block", "block", "block"]);
  });
});

describe("compileTexts", () => {
  it("keeps, per language and kind, only the texts whose HTML is not the text as written", () => {
    const workflow = petsWithLinks();
    const exit = requireScreen(workflow, "no-pets").html;
    expect(Object.keys(exit?.en?.block ?? {})).toEqual([
      `{name}, [apply for the homestead deduction](${HOMESTEAD}) **instead**.`,
      "See [the state](https://www.in.gov/dlgf).",
    ]);
    expect(
      exit?.es?.block?.[
        `{name}, [solicite la deducción por vivienda principal](${HOMESTEAD}) **en su lugar**.`
      ],
    ).toBe(
      `<p>{name}, <a href="${HOMESTEAD}?lang=es">solicite la deducción por vivienda principal</a> <strong>en su lugar</strong>.</p>`,
    );
    const details = requireScreen(workflow, "details").html;
    expect(details?.en?.inline).toEqual({
      "Tell us **about** your pet.": "Tell us <strong>about</strong> your pet.",
      "As on its [licence](/activity/license-your-dog).":
        'As on its <a href="/activity/license-your-dog">licence</a>.',
      "In *years*.": "In <em>years</em>.",
    });
    // "Como en su licencia." has no Markdown: nothing is kept for it.
    expect(Object.keys(details?.es?.inline ?? {})).toEqual(["Cuéntenos **sobre** su mascota.", "En *años*."]);
    expect(requireScreen(workflow, "start").html).toBeUndefined();
  });

  it("compiles a screen's texts when they are first read, once, and JSON carries them", () => {
    const workflow = petsWithLinks();
    const compiled: string[] = [];
    compileTexts(workflow, (markdown, locale, kind) => {
      compiled.push(markdown);
      return compileWorkflowText(markdown, locale, kind);
    });
    expect(compiled).toEqual([]);
    const first = requireScreen(workflow, "details").html;
    expect(compiled).toHaveLength(5);
    expect(requireScreen(workflow, "details").html).toBe(first);
    expect(compiled).toHaveLength(5);
    const sent = JSON.parse(JSON.stringify(workflow)) as Workflow;
    expect(requireScreen(sent, "details").html).toEqual(first);
    expect(requireScreen(sent, "no-pets").html?.en?.block).toBeDefined();
    expect("html" in requireScreen(sent, "start")).toBe(false);
  });
});

describe("textHtml and fillHtml", () => {
  it("fall back to the text as written, escaped, when nothing was compiled for it", () => {
    expect(textHtml("Fish & <chips>", undefined, "en", "block")).toBe("<p>Fish &amp; &lt;chips&gt;</p>");
    expect(textHtml("Fish & chips", undefined, "en", "inline")).toBe("Fish &amp; chips");
    expect(plainHtml("  ", "block")).toBe("");
  });

  it("escape the values filled in: an answer is never markup", () => {
    const html = fillHtml(
      "<p>Hello {name}</p>",
      { name: { type: "bound_data", location: "name" } },
      { boundData: { name: '<img src=x onerror="alert(1)"> **bold** [x](javascript:y)' }, now },
    );
    expect(html).toBe(
      "<p>Hello &lt;img src=x onerror=&quot;alert(1)&quot;&gt; **bold** [x](javascript:y)</p>",
    );
    expect(escapeHtml(`'"&<>`)).toBe("&#x27;&quot;&amp;&lt;&gt;");
  });

  it("tell a single paragraph from several blocks", () => {
    expect(singleParagraph('<p>One <a href="/x">link</a></p>')).toBe('One <a href="/x">link</a>');
    expect(singleParagraph("<p>One</p>\n<p>Two</p>")).toBeUndefined();
    expect(singleParagraph("<ul>\n<li>One</li>\n</ul>")).toBeUndefined();
  });
});

describe("renderContent with Markdown", () => {
  it("shows an exit page's links and emphasis, with the answers filled in escaped", () => {
    const workflow = petsWithLinks();
    const exit = requireScreen(workflow, "no-pets");
    const [text, alert] = renderContent(
      exit,
      journeyWith(workflow, { start: { nickname: "<b>Rex</b>" } }),
      "en",
      now,
    );
    expect(text).toEqual({
      kind: "text",
      html: `<p>&lt;b&gt;Rex&lt;/b&gt;, <a href="${HOMESTEAD}">apply for the homestead deduction</a> <strong>instead</strong>.</p>`,
    });
    expect(alert).toMatchObject({
      kind: "alert",
      title: "What you can do",
      // The third message's only placeholder is empty: it says nothing and is left out.
      messages: [
        "<p>Call 311.</p>",
        '<p>See <a href="https://www.in.gov/dlgf" target="_blank" rel="noopener noreferrer">the state<span class="usa-sr-only"> (opens in a new tab)</span></a>.</p>',
      ],
    });
  });

  it("keeps a Spanish reader in Spanish", () => {
    const workflow = petsWithLinks();
    const [text] = renderContent(requireScreen(workflow, "no-pets"), journeyWith(workflow, {}), "es", now);
    expect(text).toMatchObject({ html: expect.stringContaining(`href="${HOMESTEAD}?lang=es"`) });
  });
});

describe("texts without Markdown are not compiled", () => {
  it("doubts every sign of Markdown, address and list", () => {
    for (const plain of [
      "Hello, world.",
      "Your {amount} is due on {date}.",
      "¿Tiene una pregunta? Llame al 311.",
    ])
      expect(withoutMarkdown(plain), plain).toBe(true);
    for (const marked of [
      "Read **this**",
      "a_b_c",
      "See [the page](/page)",
      "Write to permits@cedarport.gov",
      "Visit www.cedarport.gov",
      "https://example.com",
      "- a list",
      "1. first",
      "> quoted",
      "# Heading",
      "line one\nline two",
      " leading space",
      "Fish &amp; chips",
      "a | b",
      "~~gone~~",
      "<b>bold</b>",
      "escaped \\*",
    ])
      expect(withoutMarkdown(marked), marked).toBe(false);
  });

  it("compiles, for every text of every workflow it calls plain, to exactly the text as written", () => {
    let plain = 0;
    for (const file of readdirSync("workflows").filter((f) => f.endsWith(".json"))) {
      const workflow = parseWorkflow(JSON.parse(readFileSync(`workflows/${file}`, "utf8")), file);
      const texts = [...workflow.screens.flatMap(markdownTexts), ...noticeTexts(workflow)];
      for (const { text, kind } of texts)
        for (const locale of ["en", "es"] as const) {
          const source = localizeText(text, locale);
          if (!withoutMarkdown(source)) continue;
          plain++;
          expect(compileWorkflowText(source, locale, kind), source).toBe(plainHtml(source, kind));
        }
    }
    // Most texts are plain; if none were, this test would check nothing.
    expect(plain).toBeGreaterThan(500);
  });
});
