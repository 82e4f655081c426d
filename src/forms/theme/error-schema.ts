import type { ErrorSchema } from "@rjsf/utils";
import type { FieldError } from "../validation/messages";
import { segmentsOf } from "./field-names";

type Node = { __errors?: string[]; [key: string]: unknown };

/** The catalogue's errors in RJSF's tree shape, so each field template shows its own message. */
export function toErrorSchema(errors: readonly FieldError[]): ErrorSchema {
  const root: Node = {};
  for (const error of errors) {
    let node = root;
    for (const segment of segmentsOf(error.path)) {
      node[segment] ??= {};
      node = node[segment] as Node;
    }
    node.__errors = [...(node.__errors ?? []), error.message];
  }
  return root as ErrorSchema;
}
