import { describe, expect, it } from "vitest";
import { whileCollectingMissingKeys } from "../../i18n";
import { editedParcels } from "../../workflow/fixtures";
import { parseWorkflow } from "../../workflow/parse";
import { answersFileName, cityDateTime, departmentEmail } from "./department-email";
import { deliveryItems, submittedAnswers, webhookReady, webhookWarnings } from "./index";
import type { DeliveredSubmission } from "./submission";
import { WEBHOOK } from "./webhook";

/**
 * The e-mail a department's inbox gets: the summary reads as the check-answers page does (choice
 * labels from the lookup's results, Yes/No, documents by name, type and size) in the department's
 * language, with the answers attached as JSON.
 */
const workflow = parseWorkflow(
  editedParcels((file) => {
    file.data.config = {
      ...file.data.config!,
      delivery: {
        email: { to: "assessor-applications@cedarport.gov", language: "es" },
        webhook: { urlEnv: "PARCELS_WEBHOOK_URL", secretEnv: "PARCELS_WEBHOOK_SECRET" },
      },
    };
    const pick = file.nodes.find((n) => n.name === "pick")!;
    const schema = pick.data.config!.schema as { properties: Record<string, unknown> };
    schema.properties.owner = {
      $ref: "definitions/common.json#/$defs/yesNo",
      title: { en: "Do you own it?", es: "¿Es usted el dueño?" },
    };
    schema.properties.deed = {
      $ref: "definitions/common.json#/$defs/documents",
      title: { en: "Your deed", es: "Su escritura" },
    };
  }),
  "parcels.json",
);

const answers = {
  find: { query: "12 Elm" },
  pick: {
    parcel: "49-01-01",
    note: "Back door",
    owner: true,
    deed: [{ id: "f".repeat(20), name: "deed.pdf", type: "application/pdf", size: 2_516_582 }],
  },
};
const results = {
  find: {
    parcels: [
      { number: "49-01-01", address: "12 Elm St" },
      { number: "49-01-02", address: "14 Elm St" },
    ],
  },
};
const submission: DeliveredSubmission = {
  service: "parcels",
  reference: "K7XW2M9Q",
  requestId: "REQ-20260601-4F7K2Q",
  submittedAt: "2026-06-01T12:05:00.000Z",
  locale: "es",
  answers,
  result: { reference: "K7XW2M9Q", requestId: "REQ-20260601-4F7K2Q", operation: "parcels" },
};
const stored = {
  workflow: "parcels",
  screen: "check",
  answers,
  results,
  history: ["find", "pick"],
  drafts: {},
};
const now = new Date(submission.submittedAt);
const submitted = submittedAnswers(workflow, answers, {
  screen: "check",
  reference: "K7XW2M9Q",
  stored,
  now,
});
const { journey } = submitted;

describe("the department's e-mail", () => {
  it("in English: every answer as check-answers words it, documents described, the answers attached", () => {
    const email = departmentEmail(workflow, submission, journey, {
      to: "assessor-applications@cedarport.gov",
      language: "en",
    });
    expect(email.to).toBe("assessor-applications@cedarport.gov");
    expect(email.subject).toBe("New submission: Parcels (K7XW2M9Q)");
    expect(email.text).toBe(
      [
        "New submission: Parcels",
        "",
        "Reference number: K7XW2M9Q",
        "Request ID: REQ-20260601-4F7K2Q",
        "Received: June 1, 2026, 8:05 AM EDT",
        "Resident's language: Spanish",
        "",
        "Answers",
        "-------",
        "",
        "Address",
        "  12 Elm",
        "",
        "Parcel",
        "  12 Elm St (parcel 49-01-01)",
        "",
        "Note",
        "  Back door",
        "",
        "Do you own it?",
        "  Yes",
        "",
        "Your deed",
        "  deed.pdf (2.4 MB)",
        "",
        "Documents uploaded (not attached to this e-mail)",
        "- deed.pdf (PDF, 2.4 MB)",
        "",
        "The answers are attached as K7XW2M9Q.json.",
        "",
        "Consolidated City and County of Cedarport",
        "",
      ].join("\n"),
    );
    expect(email.attachments).toEqual([
      { filename: "K7XW2M9Q.json", contentType: "application/json", content: expect.any(String) },
    ]);
    expect(JSON.parse(email.attachments?.[0]?.content ?? "")).toEqual(submission);
  });

  it("in Spanish, for a department that reads Spanish", () => {
    const email = departmentEmail(workflow, { ...submission, locale: "en" }, journey, {
      to: "x@cedarport.gov",
      language: "es",
    });
    expect(email.subject).toBe("Nueva solicitud: Parcelas (K7XW2M9Q)");
    expect(email.text).toContain("Número de referencia: K7XW2M9Q\n");
    expect(email.text).toContain("Identificador de la solicitud: REQ-20260601-4F7K2Q\n");
    expect(email.text).toContain("Recibida: 1 de junio de 2026, 8:05 AM EDT\n");
    expect(email.text).toContain("Idioma del residente: inglés\n");
    expect(email.text).toContain("Respuestas\n----------\n\nDirección\n  12 Elm\n");
    expect(email.text).toContain("Parcela\n  12 Elm St (parcela 49-01-01)\n");
    expect(email.text).toContain("¿Es usted el dueño?\n  Sí\n");
    expect(email.text).toContain(
      "Documentos cargados (no se adjuntan a este correo)\n- deed.pdf (PDF, 2.4 MB)\n",
    );
    expect(email.text).toContain("Las respuestas van adjuntas en K7XW2M9Q.json.");
    expect(email.text).not.toMatch(/Reference|Answers|Yes\b/);
  });

  it("without the lookup's results, every answer is still there, in order, the choice as its value", () => {
    // The saved journey is gone (expired): the choice made from the lookup no longer replays.
    const bare = submittedAnswers(workflow, answers, { screen: "check", reference: "K7XW2M9Q", now });
    expect(bare.workflow).not.toBe(workflow);
    const email = departmentEmail(bare.workflow, submission, bare.journey, {
      to: "x@cedarport.gov",
      language: "en",
    });
    expect(email.text).toContain(
      [
        "Address\n  12 Elm",
        "Parcel\n  49-01-01",
        "Note\n  Back door",
        "Do you own it?\n  Yes",
        "Your deed\n  deed.pdf (2.4 MB)",
        "Documents uploaded (not attached to this e-mail)\n- deed.pdf (PDF, 2.4 MB)",
      ].join("\n\n"),
    );
    // With the results, the real path is kept as it is.
    expect(submitted.workflow).toBe(workflow);
  });

  it("has every string in the department's language, none missing (locales/<lang>/email.json)", () => {
    for (const language of ["en", "es"] as const) {
      let text = "";
      const missing = whileCollectingMissingKeys(() => {
        const email = departmentEmail(workflow, submission, journey, { to: "x@cedarport.gov", language });
        text = `${email.subject}\n${email.text}`;
      });
      expect(missing, language).toEqual([]);
      expect(text).not.toMatch(/\{\{|\bdepartment\.\w+/);
    }
  });

  it("tells the city's time in winter too, and names the file after the reference only", () => {
    expect(cityDateTime(new Date("2026-01-15T03:30:00Z"), "en")).toBe("January 14, 2026, 10:30 PM EST");
    expect(cityDateTime(new Date("2026-01-15T17:00:00Z"), "es")).toBe("15 de enero de 2026, 12:00 PM EST");
    expect(answersFileName("K7XW2M9Q")).toBe("K7XW2M9Q.json");
    expect(answersFileName("../etc/passwd")).toBe("submission.json");
  });
});

describe("the deliveries of a submission", () => {
  const settings = (values: Record<string, string>) => ({ setting: (name: string) => values[name] });

  it("are the e-mail and, when its settings are there, the webhook, in the service's order", () => {
    const items = deliveryItems(workflow, submission, submitted, { webhook: true });
    expect(items.map((i) => [i.kind, i.orderKey])).toEqual([
      ["email", undefined],
      [WEBHOOK, "webhook:parcels"],
    ]);
    expect(items[1]?.payload).toEqual({
      urlEnv: "PARCELS_WEBHOOK_URL",
      secretEnv: "PARCELS_WEBHOOK_SECRET",
      submission,
    });
    expect(deliveryItems(workflow, submission, submitted, { webhook: false }).map((i) => i.kind)).toEqual([
      "email",
    ]);
  });

  it("skip a webhook whose settings are missing, with one warning that never shows a value", () => {
    const url = "https://intake.example.gov/hook?token=abc";
    expect(webhookReady(workflow, settings({ PARCELS_WEBHOOK_URL: url }))).toBe(false);
    expect(webhookWarnings([workflow], settings({ PARCELS_WEBHOOK_URL: url }))).toEqual([
      "delivery: parcels: PARCELS_WEBHOOK_SECRET not set, so its submissions are not sent to its webhook (they still reach the staff console)",
    ]);
    const both = settings({ PARCELS_WEBHOOK_URL: url, PARCELS_WEBHOOK_SECRET: "s" });
    expect(webhookReady(workflow, both)).toBe(true);
    expect(webhookWarnings([workflow], both)).toEqual([]);
    const plain = settings({
      PARCELS_WEBHOOK_URL: "http://intake.example.gov/",
      PARCELS_WEBHOOK_SECRET: "s",
    });
    expect(webhookReady(workflow, plain)).toBe(true);
    expect(webhookReady(workflow, { ...plain, httpsOnly: true })).toBe(false);
    expect(webhookWarnings([workflow], { ...plain, httpsOnly: true })[0]).toContain(
      "PARCELS_WEBHOOK_URL must be an https:// address",
    );
    const { delivery: _, ...without } = workflow;
    expect(webhookWarnings([without], settings({}))).toEqual([]);
  });
});
