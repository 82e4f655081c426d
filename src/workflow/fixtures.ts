/**
 * Named workflow files for the engine's tests: a small complete service ("kitchen sink" of the
 * engine's features in miniature) and ways to break it, one per parser or lint rule.
 */

import type { ScreenNodeFile, WorkflowFile } from "./types";

const t = (en: string, es: string) => ({ en, es });

/**
 * pets: start → likes? no → exit "no-pets"; yes → details (a name, an age) → [age ≥ 10 → senior]
 * → check → done. Check-answers submits through the "submit" integration.
 */
export function petsWorkflow(): WorkflowFile {
  return {
    type: "graph_composite",
    name: "pets",
    data: {
      id: "pets",
      type: "workflow",
      config: { title: t("Pets", "Mascotas"), start: "start", receipt: { emailField: "details.email" } },
    },
    nodes: [
      {
        type: "graph_composite",
        name: "start",
        data: {
          id: "pets-start",
          type: "question",
          config: {
            title: t("Do you have a pet?", "¿Tiene una mascota?"),
            schema: {
              type: "object",
              required: ["hasPet"],
              properties: {
                hasPet: { $ref: "definitions/common.json#/$defs/yesNo", title: t("Pet?", "¿Mascota?") },
              },
            },
            next: [{ to: "no-pets", when: { field: "start.hasPet", equals: false } }, { to: "details" }],
          },
        },
      },
      {
        type: "graph_composite",
        name: "details",
        data: {
          id: "pets-details",
          type: "question",
          config: {
            title: t("About your pet", "Sobre su mascota"),
            schema: {
              type: "object",
              required: ["name", "age"],
              properties: {
                name: { type: "string", minLength: 1, title: t("Name", "Nombre") },
                age: { type: "integer", minimum: 0, title: t("Age", "Edad") },
                email: { $ref: "definitions/common.json#/$defs/email", title: t("Email", "Correo") },
              },
            },
            next: [{ to: "senior", when: { field: "details.age", gte: 10 } }, { to: "check" }],
          },
        },
      },
      {
        type: "graph_composite",
        name: "senior",
        data: {
          id: "pets-senior",
          type: "question",
          config: {
            title: t("Senior pet", "Mascota mayor"),
            schema: {
              type: "object",
              properties: { vet: { type: "string", title: t("Vet", "Veterinario") } },
            },
            next: [{ to: "check" }],
          },
        },
      },
      {
        type: "graph_composite",
        name: "check",
        data: {
          id: "pets-check",
          type: "check-answers",
          config: {
            title: "checkAnswers.title",
            call: { integration: "submit", operation: "pets", params: { name: { field: "details.name" } } },
            next: [{ to: "done" }],
          },
        },
      },
      {
        type: "graph_composite",
        name: "done",
        data: { id: "pets-done", type: "confirmation", config: { title: t("Done", "Listo") } },
      },
      {
        type: "graph_composite",
        name: "no-pets",
        data: { id: "pets-no-pets", type: "exit", config: { title: t("No pets", "Sin mascotas") } },
      },
    ],
  };
}

/** A copy of the pets workflow changed by `edit` (tests break it one way at a time). */
export function editedPets(edit: (file: WorkflowFile) => void): WorkflowFile {
  const file = petsWorkflow();
  edit(file);
  return file;
}

export function node(file: WorkflowFile, name: string): ScreenNodeFile {
  const found = file.nodes.find((n) => n.name === name);
  if (!found) throw new Error(`no node ${name}`);
  return found;
}

/**
 * parcels: find (a lookup) → pick (a choice of what it found) → check (sends, then opens a case
 * with a follow-up call) → done (a table of what was found). The engine's extensions in miniature:
 * choicesFrom, follow-up calls, content with `when`, table blocks.
 */
export function parcelsWorkflow(): WorkflowFile {
  return {
    type: "graph_composite",
    name: "parcels",
    data: { id: "parcels", type: "workflow", config: { title: t("Parcels", "Parcelas"), start: "find" } },
    nodes: [
      {
        type: "graph_composite",
        name: "find",
        data: {
          id: "parcels-find",
          type: "lookup",
          config: {
            title: t("Find", "Buscar"),
            schema: {
              type: "object",
              required: ["query"],
              properties: { query: { type: "string", minLength: 1, title: t("Address", "Dirección") } },
            },
            call: { integration: "records", operation: "find", params: { query: { field: "find.query" } } },
            next: [{ to: "pick" }],
          },
        },
      },
      {
        type: "graph_composite",
        name: "pick",
        data: {
          id: "parcels-pick",
          type: "question",
          config: {
            title: t("Which parcel?", "¿Qué parcela?"),
            schema: {
              type: "object",
              required: ["parcel"],
              properties: {
                parcel: {
                  type: "string",
                  title: t("Parcel", "Parcela"),
                  choicesFrom: {
                    from: "find.$result.parcels",
                    value: "number",
                    label: t("{address} (parcel {number})", "{address} (parcela {number})"),
                  },
                },
                note: { type: "string", title: t("Note", "Nota") },
              },
            },
            next: [{ to: "check" }],
          },
        },
      },
      {
        type: "graph_composite",
        name: "check",
        data: {
          id: "parcels-check",
          type: "check-answers",
          config: {
            title: "checkAnswers.title",
            content: [
              {
                kind: "alert",
                alertType: "warning",
                message: t("Parcel B is a mobile home.", "La parcela B es una casa móvil."),
                when: { field: "pick.parcel", equals: "B" },
              },
            ],
            call: {
              integration: "submit",
              operation: "parcels",
              params: { parcel: { field: "pick.parcel" } },
            },
            followUp: [
              {
                integration: "cases",
                operation: "create",
                params: { requestId: { field: "check.$result.requestId" }, parcel: { field: "pick.parcel" } },
              },
            ],
            next: [{ to: "done" }],
          },
        },
      },
      {
        type: "graph_composite",
        name: "done",
        data: {
          id: "parcels-done",
          type: "confirmation",
          config: {
            title: t("Done", "Listo"),
            content: [
              {
                kind: "table",
                rows: "find.$result.parcels",
                caption: t("Parcels found", "Parcelas encontradas"),
                columns: [
                  { header: t("Parcel", "Parcela"), value: "number" },
                  {
                    header: t("Kind", "Tipo"),
                    value: "kind",
                    labels: { home: t("Home", "Casa"), mobile: t("Mobile home", "Casa móvil") },
                  },
                  { header: t("Since", "Desde"), value: "since", format: "date" },
                  { header: t("Value", "Valor"), value: "value.cents", format: "money" },
                ],
                empty: t("Nothing found.", "No se encontró nada."),
              },
            ],
          },
        },
      },
    ],
  };
}

/** A copy of the parcels workflow changed by `edit`. */
export function editedParcels(edit: (file: WorkflowFile) => void): WorkflowFile {
  const file = parcelsWorkflow();
  edit(file);
  return file;
}
