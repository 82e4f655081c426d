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
