/**
 * Key bindings (SPEC §3: key_location, binding_location, session_key): what the city already
 * knows, carried to a later field instead of asked again. A binding reads a value where it was
 * found (an answer, "applicant.email", or what a screen's call returned,
 * "find-parcel.$result.owner.name", read as conditions read them), keeps it in the journey under its session
 * key, and prefills the field at its binding location while that screen has no answer yet; the
 * resident can still change it. The values are read from the journey's answers on its current
 * path each time, never copied, so changing the earlier answer (or taking another branch)
 * changes or drops the prefill with it.
 */
import { readField } from "./guards";
import type { Answers, KeyBinding } from "./types";

/** "find-parcel.owner.name" → ["find-parcel", "owner.name"]. */
export function splitLocation(location: string): [screen: string, path: string] {
  const dot = location.indexOf(".");
  return [location.slice(0, dot), location.slice(dot + 1)];
}

/**
 * The journey's values by session key: each binding's key location read from the answers on the
 * path (a call's result counts only while its screen is on the path). The first binding to find a
 * value for a key wins.
 */
export function sessionValues(
  bindings: readonly KeyBinding[],
  answersOnPath: Answers,
  results: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const binding of bindings) {
    if (Object.hasOwn(values, binding.session_key)) continue;
    const [screen] = splitLocation(binding.key_location);
    if (!Object.hasOwn(answersOnPath, screen)) continue;
    const value = readField(answersOnPath, binding.key_location, results as Record<string, unknown>);
    if (value !== undefined && value !== null && value !== "") values[binding.session_key] = value;
  }
  return values;
}

function withValueAt(
  data: Record<string, unknown>,
  path: readonly string[],
  value: unknown,
): Record<string, unknown> {
  const [head, ...rest] = path;
  if (head === undefined) return data;
  if (rest.length === 0) return { ...data, [head]: value };
  const inner = data[head];
  const child =
    inner && typeof inner === "object" && !Array.isArray(inner) ? (inner as Record<string, unknown>) : {};
  return { ...data, [head]: withValueAt(child, rest, value) };
}

/** The form data a screen opens with from the journey's bound values, or undefined when none applies. */
export function prefill(
  bindings: readonly KeyBinding[] | undefined,
  screenName: string,
  answersOnPath: Answers,
  results: Readonly<Record<string, unknown>>,
): Record<string, unknown> | undefined {
  const here = (bindings ?? []).filter(
    (binding) => splitLocation(binding.binding_location)[0] === screenName,
  );
  if (here.length === 0) return undefined;
  const values = sessionValues(bindings ?? [], answersOnPath, results);
  let data: Record<string, unknown> | undefined;
  for (const binding of here) {
    if (!Object.hasOwn(values, binding.session_key)) continue;
    const path = splitLocation(binding.binding_location)[1].split(".");
    data = withValueAt(data ?? {}, path, values[binding.session_key]);
  }
  return data;
}
