import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeGuard, describeTransition } from "./conditions";
import { editedPets, node, parcelsWorkflow, petsWorkflow } from "./fixtures";
import { localizeText } from "./localize";
import { escapeXml, workflowMap, wrap } from "./map";
import { parseWorkflow } from "./parse";
import { runWorkflowCommand } from "./run-command.fixture";
import type { Guard, Workflow, WorkflowFile } from "./types";

const parsed = (file: WorkflowFile): Workflow => parseWorkflow(file, `${file.name}.json`);

/** The text of every <text> element, joined per element, entities decoded. */
function texts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) =>
    (m[1] as string)
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, "&"),
  );
}

/** The drawing's words with line breaks undone: wrapped titles and labels read as one text again. */
const words = (svg: string) => texts(svg).join(" ");

describe("describeGuard", () => {
  const cases: Array<[Guard, string]> = [
    [{ field: "residency.livesInCedarport", equals: false }, "residency.livesInCedarport is false"],
    [{ field: "role.role", equals: "surviving-spouse" }, 'role.role is "surviving-spouse"'],
    [{ field: "residency.county", notEquals: "Marion" }, 'residency.county is not "Marion"'],
    [
      { field: "complaint.type", in: ["red-light", "stop-sign"] },
      'complaint.type is one of "red-light", "stop-sign"',
    ],
    [{ field: "disability.disabilityRating", gte: 10 }, "disability.disabilityRating ≥ 10"],
    [{ field: "income.total", lte: 1700000 }, "income.total ≤ 1700000"],
    [{ field: "residency.movedIn", lt: "today" }, "residency.movedIn < today"],
    [{ field: "residency.movedIn", gt: "01/31/2020" }, "residency.movedIn > 01/31/2020"],
    [{ field: "donation.amount", exists: true }, "donation.amount is given"],
    [{ field: "donation.amount", exists: false }, "donation.amount is left empty"],
    [
      { field: "applicant.dateOfBirth", ageAtLeast: { years: 65, on: "today" } },
      "applicant.dateOfBirth at least 65 years ago",
    ],
    [
      { field: "age.dateOfBirth", ageAtLeast: { years: 65, on: "endOfLastYear" } },
      "age.dateOfBirth at least 65 years before December 31 last year",
    ],
    [
      { not: { field: "ownership.ownedSince", ageAtLeast: { years: 1 } } },
      "ownership.ownedSince less than 1 year ago",
    ],
    [{ not: { field: "a.b", equals: true } }, "a.b is not true"],
    [{ not: { field: "a.b", in: [1, 2] } }, "a.b is none of 1, 2"],
    [{ not: { field: "a.b", exists: true } }, "a.b is left empty"],
    // An unanswered field fails both x > 5 and x ≤ 5: the "not" must stay.
    [{ not: { field: "a.b", gt: 5 } }, "not (a.b > 5)"],
    [
      {
        any: [
          { field: "s.a", equals: false },
          {
            all: [
              { field: "s.b", equals: true },
              { field: "s.c", gte: 2 },
            ],
          },
        ],
      },
      "s.a is false or (s.b is true and s.c ≥ 2)",
    ],
    [
      {
        not: {
          all: [
            { field: "s.a", equals: 1 },
            { field: "s.b", equals: 2 },
          ],
        },
      },
      "not (s.a is 1 and s.b is 2)",
    ],
  ];
  it.each(cases)("%j reads %s", (guard, expected) => {
    expect(describeGuard(guard)).toBe(expected);
  });

  it("names a field of the screen being left without its screen", () => {
    expect(
      describeGuard({ field: "residency.livesInCedarport", equals: false }, { screen: "residency" }),
    ).toBe("livesInCedarport is false");
    expect(describeGuard({ field: "role.role", equals: "x" }, { screen: "residency" })).toBe(
      'role.role is "x"',
    );
  });

  it("speaks Spanish", () => {
    expect(
      describeGuard(
        { all: [{ field: "s.a", equals: true }, { not: { field: "s.d", ageAtLeast: { years: 3 } } }] },
        { locale: "es", screen: "s" },
      ),
    ).toBe("a es verdadero y d hace menos de 3 años");
  });

  it("says 'otherwise' only for the fallback of a screen that branches", () => {
    const branching = [{ to: "x", when: { field: "s.a", equals: 1 } }, { to: "y" }];
    expect(describeTransition(branching[1]!, branching)).toBe("otherwise");
    expect(describeTransition({ to: "y" }, [{ to: "y" }])).toBe("");
  });
});

describe("wrap", () => {
  it("breaks between words, and keeps a word longer than a line whole", () => {
    expect(wrap("Do you live in the City and County of Cedarport?", 20)).toEqual([
      "Do you live in the",
      "City and County of",
      "Cedarport?",
    ]);
    expect(wrap("eligibility.purchaseOrAppraisalDate is true", 10)).toEqual([
      "eligibility.purchaseOrAppraisalDate",
      "is true",
    ]);
  });
});

describe("workflowMap", () => {
  const pets = parsed(petsWorkflow());
  const svg = workflowMap(pets);

  it("draws every screen with its English title, its name and its kind", () => {
    const drawn = words(svg);
    for (const screen of pets.screens) {
      expect(drawn).toContain(screen.name);
      expect(drawn).toContain(localizeText(screen.title, "en"));
    }
    expect(svg.match(/<g class="screen screen-/g)).toHaveLength(pets.screens.length);
    expect(svg).toContain('class="screen screen-exit"');
    expect(svg).toContain('class="screen screen-check-answers"');
    expect(drawn).toContain("EXIT");
  });

  it("draws every transition as an arrow, labelled with its condition", () => {
    const transitions = pets.screens.flatMap((s) => s.next);
    // One arrow per transition, and one into the start screen.
    expect(svg.match(/<path d="M[^"]*" fill="none"/g)).toHaveLength(transitions.length + 1);
    const drawn = words(svg);
    expect(drawn).toContain("hasPet is false");
    expect(drawn).toContain("age ≥ 10");
    expect(drawn).toContain("otherwise");
  });

  it("marks the screens that call a city system, with the integration and operation", () => {
    expect(words(svg)).toContain("calls submit / pets");
    const parcels = workflowMap(parsed(parcelsWorkflow()));
    const lookup = parsed(parcelsWorkflow()).screens.find((s) => s.call && s.type === "lookup");
    expect(lookup).toBeDefined();
    expect(words(parcels)).toContain(`calls ${lookup?.call?.integration} / ${lookup?.call?.operation}`);
  });

  it("is accessible: an image with a title and a description that says what the drawing shows", () => {
    expect(svg).toMatch(/^<svg [^>]*role="img"[^>]*aria-labelledby="map-pets-title map-pets-desc"/);
    expect(svg).toContain('<title id="map-pets-title">Map of the service: Pets (pets)</title>');
    const desc = /<desc id="map-pets-desc">([^<]*)<\/desc>/.exec(svg)?.[1] ?? "";
    expect(desc).toContain("Goes to no-pets when hasPet is false.");
    expect(desc).toContain("Goes to details otherwise.");
    expect(desc).toContain("It calls submit / pets.");
  });

  it("is the same bytes every time for the same workflow", () => {
    expect(workflowMap(parsed(petsWorkflow()))).toBe(svg);
  });

  it("changes when the service does", () => {
    const edited = parsed(
      editedPets((f) => {
        const config = node(f, "details").data.config;
        if (config)
          config.next = [{ to: "senior", when: { field: "details.age", gte: 12 } }, { to: "check" }];
      }),
    );
    expect(words(workflowMap(edited))).toContain("age ≥ 12");
  });

  it("escapes the texts it draws", () => {
    const risky = parsed(
      editedPets((f) => {
        const config = node(f, "start").data.config;
        if (config) {
          config.title = { en: `Cats & dogs <script>alert("x")</script> 'ok'`, es: "Gatos y perros" };
          config.next = [
            { to: "no-pets", when: { field: "start.hasPet", equals: "<b>&" } },
            { to: "details" },
          ];
        }
      }),
    );
    const out = workflowMap(risky);
    expect(out).not.toContain("<script>");
    expect(out).not.toContain("<b>");
    expect(out).toContain("Cats &amp; dogs &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &#39;ok&#39;");
    expect(words(out)).toContain('hasPet is "<b>&"');
    expect(escapeXml(`<a href="x">&'`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
  });
});

describe("npm run workflow -- map", () => {
  const run = runWorkflowCommand;
  let dir = "";
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "workflow-map-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("writes the map of a service to a file, or prints it", async () => {
    const out = join(dir, "demo.svg");
    const written = await run("map", "demo-dog-licence", "--out", out);
    expect(written.code).toBe(0);
    const svg = await readFile(out, "utf8");
    expect(svg).toContain("livesInCedarport is false");
    expect((await run("map", "workflows/demo-dog-licence.json")).out).toBe(svg);
  });

  it("refuses a wrong command line with the usage", async () => {
    const wrong = await run("map", "demo-dog-licence", "--to", "x.svg");
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain("npm run workflow -- map --all");
  });
});
