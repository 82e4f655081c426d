import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compileWorkflowText } from "../app/components/RichText/workflow-markdown.server";
import { editedPets, node } from "../workflow/fixtures";
import { parseWorkflow } from "../workflow/parse";
import { loadWorkflowFile, readOfficeDirectory } from "../workflow/registry";
import { compileTexts } from "../workflow/rich-texts";
import { confirmationNotes, receiptEmail } from "./receipt";

const root = fileURLToPath(new URL("../../", import.meta.url));
const now = new Date("2026-06-01T16:00:00Z");
const origin = "https://www.cedarport.gov";
const t = (en: string, es: string) => ({ en, es });

/** The pets fixture whose confirmation page links to a service and to another site. */
function pets() {
  const workflow = parseWorkflow(
    editedPets((f) => {
      node(f, "done").data.config = {
        title: t("Done", "Listo"),
        content: [
          { kind: "text", text: t("We wrote to {email}.", "Le escribimos a {email}.") },
          {
            kind: "alert",
            title: t("What happens next", "Qué sucede después"),
            message: [
              t(
                "[Check your application's status](/workflow/pets-search) with your reference number.",
                "[Consulte el estado de su solicitud](/workflow/pets-search) con su número de referencia.",
              ),
              t(
                "Read **the state's** [guide](https://www.in.gov/dlgf).",
                "Lea la [guía](https://www.in.gov/dlgf).",
              ),
            ],
          },
          {
            kind: "alert",
            title: t("For {name}'s vet", "Para el veterinario de {name}"),
            message: t("Bring {name}'s papers.", "Traiga los papeles de {name}."),
            replace: { name: { type: "reference", screen: "details", input: "name" } },
            when: { field: "details.age", gte: 10 },
          },
        ],
      };
    }),
    "pets.json",
  );
  compileTexts(workflow, compileWorkflowText);
  return workflow;
}

describe("confirmationNotes", () => {
  it("writes the confirmation page's alerts as plain text, links with their full address", () => {
    expect(
      confirmationNotes(pets(), "check", { details: { name: "Rex", age: 3 } }, { locale: "en", now, origin }),
    ).toEqual([
      [
        "What happens next",
        "Check your application's status (https://www.cedarport.gov/workflow/pets-search) with your reference number.",
        "Read the state's guide (https://www.in.gov/dlgf).",
      ].join("\n"),
    ]);
  });

  it("keeps only the alerts that apply, fills their placeholders, and keeps a Spanish reader in Spanish", () => {
    const notes = confirmationNotes(
      pets(),
      "check",
      { details: { name: "Rex", age: 12 } },
      { locale: "es", now, origin },
    );
    expect(notes).toEqual([
      [
        "Qué sucede después",
        "Consulte el estado de su solicitud (https://www.cedarport.gov/workflow/pets-search?lang=es) con su número de referencia.",
        "Lea la guía (https://www.in.gov/dlgf).",
      ].join("\n"),
      "Para el veterinario de Rex\nTraiga los papeles de Rex.",
    ]);
  });

  it("has nothing to add when the screen does not lead to a confirmation page", () => {
    expect(confirmationNotes(pets(), "start", {}, { locale: "en", now, origin })).toEqual([]);
  });
});

describe("receiptEmail", () => {
  it("tells a representative of a homestead application what to send, with the office's details", async () => {
    const loaded = await loadWorkflowFile(join(root, "workflows/homestead-deduction-application.json"), {
      offices: readOfficeDirectory(join(root, "content")),
    });
    if (!loaded.workflow) throw new Error(loaded.problem.message);
    const answers = { role: { role: "representative" }, "property-details": { isMobileHome: false } };
    const email = receiptEmail(loaded.workflow, "K7XW2M9Q", answers, {
      to: "ana@example.com",
      sentFrom: "check-answers",
      locale: "en",
      now,
      origin,
      phones: { main: "311", outside: "(317) 555-0110" },
    });
    expect(email.to).toBe("ana@example.com");
    expect(email.text).toContain("If you have questions, call 311 or (317) 555-0110.");
    expect(email.subject).toBe("We received your application: Apply for a homestead deduction (K7XW2M9Q)");
    expect(email.text).toContain("Your reference number is K7XW2M9Q.");
    expect(email.text).toMatch(
      /\n\nSend the representative's documents within 48 hours\nEmail a copy of the Power of Attorney .* to auditor@cedarport\.gov, or bring it to the Office of the County Auditor, /,
    );
    expect(email.text).not.toContain("mobile home");
    expect(email.text).toContain("\n\nWhat happens next\nThe Auditor's Office reviews your application");
    expect(email.text).not.toMatch(/[<>{}]|\*\*/);
    expect(email.text.endsWith("Consolidated City and County of Cedarport")).toBe(true);
  });
});
