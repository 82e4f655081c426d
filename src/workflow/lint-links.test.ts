import { describe, expect, it } from "vitest";
import { formatPath } from "./errors";
import { editedPets, node } from "./fixtures";
import { lintWorkflow } from "./lint";
import type { Problem, WorkflowFile } from "./types";

const t = (en: string, es: string) => ({ en, es });

/** The pets fixture with an exit text (`text`), a hint on the details screen and its name field's title. */
function pets(texts: { exit?: string; exitEs?: string; hint?: string; title?: string; alertTitle?: string }) {
  return editedPets((f: WorkflowFile) => {
    node(f, "no-pets").data.config = {
      title: t("No pets", "Sin mascotas"),
      content: [
        { kind: "text", text: t(texts.exit ?? "Nothing to do.", texts.exitEs ?? texts.exit ?? "Nada.") },
        {
          kind: "alert",
          title: t(texts.alertTitle ?? "Note", "Nota"),
          message: t("Call 311.", "Llame al 311."),
        },
      ],
    };
    const details = node(f, "details").data.config!;
    if (texts.hint) details.hint = t(texts.hint, texts.hint);
    const name = (details.schema as { properties: Record<string, { title: unknown }> }).properties.name!;
    if (texts.title) name.title = t(texts.title, texts.title);
  });
}

const lint = (file: WorkflowFile, workflows?: string[]) =>
  lintWorkflow(file, "pets.json", workflows ? { workflows } : {}).map(
    (p: Problem) => `${formatPath(p.path)}: ${p.severity}: ${p.rule}: ${p.message}`,
  );

const EXIT = "nodes[5].data.config.content[0].text";

describe("lintLinks: links and emphasis in texts", () => {
  it("lets links to this site, to other sites, mail and phone through, in both languages", () => {
    const file = pets({
      exit: "[Start again](/workflow/pets), see [the state](https://www.in.gov/dlgf), call [311](tel:311), or [write](mailto:help@in.gov) **now**.\n\n- one\n- two",
      hint: "Say **which** [pet](https://www.cedarport.gov/workflow/pets#name).",
    });
    // mailto: is fine for links; the address itself is an office detail (checked by its own rule).
    expect(lint(file, ["pets"]).filter((line) => !line.includes("office-details"))).toEqual([]);
  });

  it("refuses a link in a title or label, which would show as written", () => {
    expect(lint(pets({ title: "Name ([why?](/activity/x))", alertTitle: "See [this](/x)" }))).toEqual([
      'nodes[1].data.config.schema.properties.name.title: error: link-in-title: a link in a title or label ("why?") is shown as written, not as a link: titles and labels stay plain text (a link inside a label is hard to use, with a screen reader above all); put it in a hint or a text block',
      'nodes[5].data.config.content[1].title: error: link-in-title: a link in a title or label ("this") is shown as written, not as a link: titles and labels stay plain text (a link inside a label is hard to use, with a screen reader above all); put it in a hint or a text block',
    ]);
  });

  it("warns that emphasis in a title shows as written", () => {
    expect(lint(pets({ title: "Your **pet's** name" }))).toEqual([
      'nodes[1].data.config.schema.properties.name.title: warning: text-formatting: titles and labels are plain text: "**" and "*" show as written',
    ]);
  });

  it("refuses javascript: and data: links, even in the Spanish text only", () => {
    expect(
      lint(pets({ exit: "Fine.", exitEs: "[Aquí](javascript:alert(1)) o [allá](data:text/html,hola)" })),
    ).toEqual([
      `${EXIT}: error: link-address: the link "Aquí" goes to a "javascript:" address, which is refused (its words would show without a link): links may go to http, https, mailto and tel addresses and to pages of this site`,
      `${EXIT}: error: link-address: the link "allá" goes to a "data:" address, which is refused (its words would show without a link): links may go to http, https, mailto and tel addresses and to pages of this site`,
    ]);
  });

  it("refuses raw HTML and a placeholder in a link's address", () => {
    expect(lint(pets({ exit: 'Go <a href="/x">here</a> or [there](/agency/{agency}).' }))).toEqual([
      `${EXIT}: error: text-html: HTML in a text is never shown as such and is removed ("<a href="/x">"): write Markdown instead, [words](address), **bold** or *italic*`,
      `${EXIT}: error: link-address: the link "there" has a {placeholder} in its address: placeholders are filled in words, not in addresses, so the link would not work`,
    ]);
  });

  it("warns about a link to a service that does not exist, when it knows the services", () => {
    const file = pets({
      exit: "[Apply](/workflow/homestead-deduction-aplication) or [here](https://cedarport.gov/workflow/pets).",
    });
    expect(lint(file, ["pets", "homestead-deduction-application"])).toEqual([
      `${EXIT}: warning: link-service: the link "Apply" goes to /workflow/homestead-deduction-aplication, but there is no service called "homestead-deduction-aplication" in workflows/`,
    ]);
    expect(lint(file)).toEqual([]);
  });

  it("warns about an address relative to the page, and formatting a text cannot show", () => {
    expect(lint(pets({ exit: "# Heading\n\n[Next](next-page) ![map](/map.png)" }))).toEqual([
      `${EXIT}: warning: link-address: the link "Next" goes to "next-page", which depends on the page it is on: write a page of this site from the root ("/workflow/…", "/activity/…") and other sites in full ("https://…")`,
      `${EXIT}: warning: text-formatting: texts show links, **bold**, *italic*, lists and paragraphs only: headings, images would not show as such (only their words, if any)`,
    ]);
  });

  it("warns that a hint's paragraphs and lists run together", () => {
    expect(lint(pets({ hint: "First.\n\n- one\n- two" }))).toEqual([
      "nodes[1].data.config.hint: warning: text-formatting: a hint (or a text picked by an answer) is one line: its paragraphs and lists would run together; keep it short, or put the rest in a text block",
    ]);
  });
});
