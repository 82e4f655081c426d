import { describe, expect, it } from "vitest";
import { compileWorkflowText } from "../app/components/RichText/workflow-markdown.server";
import { confirmationNotes } from "../server/receipt";
import { renderContent } from "./content";
import { formatPath } from "./errors";
import { editedPets, node } from "./fixtures";
import { startJourney } from "./journey";
import { lintWorkflow } from "./lint";
import { parseWorkflow } from "./parse";
import { compileTexts } from "./rich-texts";
import { requireScreen } from "./screens";
import type { Problem, WorkflowFile } from "./types";

/**
 * Texts picked by an earlier answer (a `byAnswer` replace entry, docs/workflows.md §10): rendered
 * from the journey's answers in the resident's language, with the table's Markdown compiled at
 * load; checked by `workflow check`.
 */
const t = (en: string, es: string) => ({ en, es });
const now = new Date("2026-06-01T16:00:00Z");

type Entry = Record<string, unknown>;

/** What the pets' details screen asks besides name and age: the kind of pet (a choice). */
const KIND = {
  type: "string",
  title: t("Kind of pet", "Tipo de mascota"),
  oneOf: [
    { const: "dog", title: t("Dog", "Perro") },
    { const: "cat", title: t("Cat", "Gato") },
    { const: "bird", title: t("Bird", "Pájaro") },
  ],
};

const KEEPS = {
  type: "byAnswer",
  by: "details.kind",
  texts: {
    dog: t(
      "Dogs need a **licence**: [license your dog](/activity/license-your-dog).",
      "Los perros necesitan una **licencia**: [registre a su perro](/activity/license-your-dog).",
    ),
    cat: t("Cats need no licence.", "Los gatos no necesitan licencia."),
  },
  otherwise: t("Ask us about other pets.", "Pregúntenos por otras mascotas."),
};

/** The pets fixture with the kind of pet asked, and blocks on the confirmation using `entry`. */
function petsFile(entry: Entry = KEEPS, more: (f: WorkflowFile) => void = () => {}): WorkflowFile {
  return editedPets((f) => {
    const details = node(f, "details").data.config!;
    (details.schema as { properties: Record<string, unknown> }).properties.kind = KIND;
    node(f, "done").data.config = {
      title: t("Done", "Listo"),
      content: [
        {
          kind: "text",
          text: t("{name}: {keeps}", "{name}: {keeps}"),
          replace: { keeps: entry, name: { type: "reference", screen: "details", input: "name" } },
        },
        {
          kind: "alert",
          title: t("Next", "Después"),
          message: t("{keeps}", "{keeps}"),
          replace: { keeps: entry },
        },
      ],
    } as never;
    more(f);
  });
}

function pets(entry: Entry = KEEPS) {
  const workflow = parseWorkflow(petsFile(entry), "pets.json");
  compileTexts(workflow, compileWorkflowText);
  return workflow;
}

const render = (answers: Record<string, unknown>, locale: "en" | "es" = "en") => {
  const workflow = pets();
  const journey = { ...startJourney(workflow), answers: answers as never, screen: "done" };
  return renderContent(requireScreen(workflow, "done"), journey, locale, now);
};

describe("a text picked by an answer: rendering", () => {
  it("shows the answer's text, its Markdown as HTML, beside an answer that stays escaped", () => {
    const [text, alert] = render({ details: { name: "<b>Rex</b>", kind: "dog" } });
    expect(text).toEqual({
      kind: "text",
      html: '<p>&lt;b&gt;Rex&lt;/b&gt;: Dogs need a <strong>licence</strong>: <a href="/activity/license-your-dog">license your dog</a>.</p>',
    });
    expect(alert).toMatchObject({
      kind: "alert",
      messages: [
        '<p>Dogs need a <strong>licence</strong>: <a href="/activity/license-your-dog">license your dog</a>.</p>',
      ],
    });
  });

  it("is in the resident's language: a Spanish link keeps the reader in Spanish", () => {
    const [text] = render({ details: { name: "Rex", kind: "dog" } }, "es");
    expect(text).toMatchObject({
      html: '<p>Rex: Los perros necesitan una <strong>licencia</strong>: <a href="/activity/license-your-dog?lang=es">registre a su perro</a>.</p>',
    });
    expect(render({ details: { name: "Tom", kind: "cat" } }, "es")[0]).toMatchObject({
      html: "<p>Tom: Los gatos no necesitan licencia.</p>",
    });
  });

  it("falls back to `otherwise` for any other answer, and is empty while the question is unanswered", () => {
    expect(render({ details: { name: "Kiwi", kind: "bird" } })[0]).toMatchObject({
      html: "<p>Kiwi: Ask us about other pets.</p>",
    });
    // Without an answer the placeholder is empty, and an alert whose message is then empty says nothing.
    const [text, alert] = render({ details: { name: "Rex" } });
    expect(text).toMatchObject({ html: "<p>Rex: </p>" });
    expect(alert).toMatchObject({ messages: [] });
    const { otherwise: _, ...noFallback } = KEEPS;
    const workflow = pets(noFallback);
    const journey = { ...startJourney(workflow), answers: { details: { name: "Kiwi", kind: "bird" } } };
    expect(renderContent(requireScreen(workflow, "done"), journey, "en", now)[0]).toMatchObject({
      html: "<p>Kiwi: </p>",
    });
  });

  it("is written as plain text in the receipt, its links with their full address", () => {
    const workflow = pets();
    expect(
      confirmationNotes(
        workflow,
        "check",
        { details: { name: "Rex", age: 3, kind: "dog" } },
        {
          locale: "es",
          now,
          origin: "https://www.cedarport.gov",
        },
      ),
    ).toEqual([
      "Después\nLos perros necesitan una licencia: registre a su perro (https://www.cedarport.gov/activity/license-your-dog?lang=es).",
    ]);
  });
});

const lint = (file: WorkflowFile) =>
  lintWorkflow(file, "pets.json").map(
    (p: Problem) => `${formatPath(p.path)}: ${p.severity}: ${p.rule}: ${p.message}`,
  );
const AT = "nodes[4].data.config.content[0].replace.keeps";

describe("a text picked by an answer: workflow check", () => {
  it("passes a table keyed by the field's choices, in both languages", () => {
    expect(lint(petsFile())).toEqual([]);
  });

  it("refuses an unknown answer, an answer of the same screen, a typed answer and a call's result", () => {
    expect(lint(petsFile({ ...KEEPS, by: "details.colour" }))).toContain(
      `${AT}.by: error: answer-text: a text picked by an unknown field "details.colour": screen "details" has no field "colour"`,
    );
    const onDetails = editedPets((f) => {
      const details = node(f, "details").data.config!;
      (details.schema as { properties: Record<string, unknown> }).properties.kind = KIND;
      details.content = [{ kind: "text", text: t("{k}", "{k}"), replace: { k: KEEPS } }] as never;
    });
    expect(lint(onDetails)).toContain(
      'nodes[1].data.config.content[0].replace.k.by: error: answer-text: a text is picked by an answer on an earlier screen, not on "details" itself: without JavaScript the page could not change it as the resident answers',
    );
    expect(lint(petsFile({ ...KEEPS, by: "details.name" }))).toContain(
      `${AT}.by: error: answer-text: a text is picked by "details.name", which is not one choice among several (a "oneOf" or "enum", or yes/no): a table of texts cannot list what a resident types or every mix of ticked boxes`,
    );
    expect(lint(petsFile({ ...KEEPS, by: "check.$result.status" }))).toContain(
      `${AT}.by: error: answer-text: a text is picked by an answer the resident gave, not by what a call returned ("check.$result.status"): show a call's result with an "apiResponse" entry`,
    );
  });

  it("refuses an answer asked only after the block's screen", () => {
    const early = petsFile(KEEPS, (f) => {
      node(f, "senior").data.config!.content = [
        {
          kind: "text",
          text: t("{k}", "{k}"),
          replace: { k: { ...KEEPS, by: "start.hasPet", texts: { true: t("Yes", "Sí") } } },
        },
        { kind: "text", text: t("{k}", "{k}"), replace: { k: { ...KEEPS, by: "check.x" } } },
      ] as never;
      node(f, "start").data.config!.content = [
        { kind: "text", text: t("{k}", "{k}"), replace: { k: KEEPS } },
      ] as never;
    });
    const found = lint(early);
    expect(found).toContain(
      'nodes[0].data.config.content[0].replace.k.by: error: answer-text: a text is picked by "details.kind", but "details" is never asked before "start"',
    );
    // A yes/no answer asked before is fine: its texts are keyed "true" and "false".
    expect(found.filter((line) => line.startsWith("nodes[2].data.config.content[0]"))).toEqual([]);
    expect(found).toContain(
      'nodes[2].data.config.content[1].replace.k.by: error: answer-text: a text picked by an unknown field "check.x": screen "check" asks no questions',
    );
  });

  it("refuses a text under a value the field does not have", () => {
    expect(
      lint(petsFile({ ...KEEPS, texts: { ...KEEPS.texts, hamster: t("Hamsters", "Hámsteres") } })),
    ).toEqual([
      `${AT}.texts.hamster: error: answer-text: "hamster" is not an answer of "details.kind" (its answers: "dog", "cat", "bird"): no resident would read this text`,
      `${AT.replace("content[0]", "content[1]")}.texts.hamster: error: answer-text: "hamster" is not an answer of "details.kind" (its answers: "dog", "cat", "bird"): no resident would read this text`,
    ]);
  });

  it("reports a text missing in a language, and Markdown a line cannot show", () => {
    const found = lint(
      petsFile({
        ...KEEPS,
        texts: { dog: { en: "Dogs." }, cat: t("Cats:\n\n- a list", "Gatos:\n\n- una lista") },
        otherwise: t("[Other](javascript:alert(1))", "Otros."),
      }),
    );
    expect(found).toEqual(
      expect.arrayContaining([
        `${AT}.texts.dog: error: spanish: missing Spanish text for "Dogs."`,
        `${AT}.texts.cat: warning: text-formatting: a hint (or a text picked by an answer) is one line: its paragraphs and lists would run together; keep it short, or put the rest in a text block`,
        `${AT}.otherwise: error: link-address: the link "Other" goes to a "javascript:" address, which is refused (its words would show without a link): links may go to http, https, mailto and tel addresses and to pages of this site`,
      ]),
    );
    // An office detail written out is refused there as anywhere else.
    expect(
      lint(petsFile({ ...KEEPS, otherwise: t("Call (317) 555-0100.", "Llame al (317) 555-0100.") })),
    ).toContain(
      `${AT}.otherwise.en: error: office-details: a phone number is written out ("(317) 555-0100"): take office details from content/ with a "content" text (docs/workflows.md, section 10)`,
    );
    // The file's schema wants English in every text of the table.
    const noEnglish = lint(petsFile({ ...KEEPS, texts: { dog: { es: "Perros." } } }));
    expect(noEnglish.some((line) => line.startsWith(`${AT}.texts.dog: error: schema:`))).toBe(true);
  });

  it("warns of answers that would show a gap, unless `otherwise` or the block's `when` covers them", () => {
    const { otherwise: _, ...noFallback } = KEEPS;
    expect(lint(petsFile(noFallback))).toContain(
      `${AT}.texts: warning: answer-text: no text for the answers "bird" of "details.kind", and no "otherwise": a resident who gave one of them reads a gap; add their texts or an "otherwise", or keep the block from them with "when"`,
    );
    const kept = petsFile(noFallback, (f) => {
      const content = node(f, "done").data.config!.content as unknown as Array<Record<string, unknown>>;
      for (const block of content) block.when = { field: "details.kind", in: ["dog", "cat"] };
    });
    expect(lint(kept)).toEqual([]);
  });
});
