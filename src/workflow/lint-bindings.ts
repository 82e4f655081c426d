/**
 * `workflow check` for key bindings (bindings.ts): both locations must name something that
 * exists, the value must travel to a later question, and the two ends should hold the same kind
 * of value. A wrong location would otherwise prefill nothing, silently.
 */
import { splitLocation } from "./bindings";
import { schemaAt } from "./lint-cross-field";
import type { JSONSchema, JsonPath, Severity, Workflow } from "./types";

type Report = (path: JsonPath, message: string, rule: string, severity?: Severity) => void;
type FieldCheck = (workflow: Workflow, field: string) => string | undefined;

export function lintBindings(workflow: Workflow, report: Report, unknownFieldReason: FieldCheck): void {
  (workflow.bindings ?? []).forEach((binding, i) => {
    const at = (key: string): JsonPath => ["data", "config", "bindings", i, key];
    const keyReason = unknownFieldReason(workflow, binding.key_location);
    if (keyReason)
      report(
        at("key_location"),
        `key_location on an unknown field "${binding.key_location}": ${keyReason}`,
        "binding",
      );
    const [target, field] = splitLocation(binding.binding_location);
    const screen = workflow.screens.find((s) => s.name === target);
    if (screen && ((screen.type !== "question" && screen.type !== "lookup") || screen.repeat)) {
      report(
        at("binding_location"),
        `binding_location must be a field of a question screen that is not repeated; "${target}" is not one`,
        "binding",
      );
      return;
    }
    const bindReason = unknownFieldReason(workflow, binding.binding_location);
    if (bindReason) {
      report(
        at("binding_location"),
        `binding_location on an unknown field "${binding.binding_location}": ${bindReason}`,
        "binding",
      );
      return;
    }
    if (field.startsWith("$result")) {
      report(
        at("binding_location"),
        "binding_location must be a field the resident answers, not what a call returned",
        "binding",
      );
      return;
    }
    if (splitLocation(binding.key_location)[0] === target) {
      report(
        at("binding_location"),
        "a binding carries a value to a later screen: both ends are on the same screen",
        "binding",
      );
      return;
    }
    if (keyReason || binding.key_location.includes(".$result")) return;
    const from = readSchemaAt(workflow, binding.key_location);
    const to = readSchemaAt(workflow, binding.binding_location);
    if (from && to && (from.type !== to.type || from.format !== to.format))
      report(
        at("binding_location"),
        `the value kept as "${binding.session_key}" is ${kindOfValue(from)} but "${binding.binding_location}" takes ${kindOfValue(to)}: the prefill would not pass the field's checks`,
        "binding",
        "warning",
      );
  });
}

/** The schema of an answer's field ("applicant.email"), or undefined. */
function readSchemaAt(workflow: Workflow, location: string): JSONSchema | undefined {
  const [screenName, ...names] = location.split(".");
  const screen = workflow.screens.find((s) => s.name === screenName)?.schema;
  return screen && schemaAt(screen, names);
}

function kindOfValue(schema: { type?: unknown; format?: unknown }): string {
  return `a ${String(schema.type ?? "value")}${schema.format ? ` (${String(schema.format)})` : ""}`;
}
