/**
 * A small service whose second question offers choices by the first answer ("filterChoices"), for
 * the engine's and the form's tests: agency → kind → (certificate → exit "elsewhere") → check → done.
 */

import type { WorkflowFile } from "./types";

const t = (en: string, es: string) => ({ en, es });

export function recordsWorkflow(): WorkflowFile {
  return {
    type: "graph_composite",
    name: "records",
    data: { id: "records", type: "workflow", config: { title: t("Records", "Registros"), start: "agency" } },
    nodes: [
      {
        type: "graph_composite",
        name: "agency",
        data: {
          id: "records-agency",
          type: "question",
          config: {
            title: t("Which agency?", "¿Qué agencia?"),
            schema: {
              type: "object",
              required: ["agency"],
              properties: {
                agency: {
                  type: "string",
                  title: t("Agency", "Agencia"),
                  oneOf: [
                    { const: "police", title: t("Police", "Policía") },
                    { const: "clerk", title: t("Clerk", "Secretaría") },
                    { const: "unsure", title: t("I don't know", "No sé") },
                  ],
                },
                urgent: { $ref: "definitions/common.json#/$defs/yesNo", title: t("Urgent?", "¿Urgente?") },
              },
            },
            uiSchema: { agency: { "ui:widget": "radio" } },
            next: [{ to: "kind" }],
          },
        },
      },
      {
        type: "graph_composite",
        name: "kind",
        data: {
          id: "records-kind",
          type: "question",
          config: {
            title: t("What records?", "¿Qué registros?"),
            schema: {
              type: "object",
              required: ["kind"],
              properties: {
                kind: {
                  type: "string",
                  title: t("Type of record", "Tipo de registro"),
                  oneOf: [
                    { const: "police-report", title: t("Police report", "Informe policial") },
                    { const: "minutes", title: t("Meeting minutes", "Actas") },
                    { const: "certificate", title: t("A certificate", "Un acta") },
                    { const: "other", title: t("Other records", "Otros registros") },
                  ],
                  filterChoices: {
                    by: "agency.agency",
                    choices: { police: ["police-report", "other"], clerk: ["minutes", "other"] },
                    otherwise: ["certificate", "other"],
                  },
                },
                copies: {
                  type: "array",
                  uniqueItems: true,
                  title: t("Copies", "Copias"),
                  items: {
                    type: "string",
                    oneOf: [
                      { const: "paper", title: t("On paper", "En papel") },
                      { const: "email", title: t("By email", "Por correo electrónico") },
                      { const: "rush", title: t("Rushed", "Urgentes") },
                    ],
                  },
                  filterChoices: { by: "agency.urgent", choices: { false: ["paper", "email"] } },
                },
              },
            },
            uiSchema: { kind: { "ui:widget": "radio" }, copies: { "ui:widget": "checkboxes" } },
            next: [{ to: "elsewhere", when: { field: "kind.kind", equals: "certificate" } }, { to: "check" }],
          },
        },
      },
      {
        type: "graph_composite",
        name: "elsewhere",
        data: {
          id: "records-elsewhere",
          type: "exit",
          config: { title: t("Ask elsewhere", "Pida en otro lugar") },
        },
      },
      {
        type: "graph_composite",
        name: "check",
        data: {
          id: "records-check",
          type: "check-answers",
          config: {
            title: "checkAnswers.title",
            call: { integration: "submit", operation: "records", params: {} },
            next: [{ to: "done" }],
          },
        },
      },
      {
        type: "graph_composite",
        name: "done",
        data: { id: "records-done", type: "confirmation", config: { title: t("Sent", "Enviada") } },
      },
    ],
  };
}

/** The records service with one change. */
export function editedRecords(edit: (file: WorkflowFile) => void): WorkflowFile {
  const file = recordsWorkflow();
  edit(file);
  return file;
}
