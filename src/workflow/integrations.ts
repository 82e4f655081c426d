/**
 * The engine never does I/O: the city systems a screen calls (lookup, submit, pay, …) reach it as
 * a port its caller provides. The server passes the real ones (src/integrations/), tests and
 * replays pass stubs.
 */

import { readField } from "./guards";
import type { Answers, CallParam, FieldError, IntegrationCall, Locale } from "./types";

/** Who is calling, for logs and for storing a submission under its service. */
export interface CallContext {
  workflow: string;
  screen: string;
  locale: Locale;
  /** Set for the call made when the answers are sent. */
  reference?: string;
  /**
   * The stored journey's id, set by the server: with `reference`, it names one sending across all
   * residents (a payment's attempt key). Never shown, never sent anywhere.
   */
  journey?: string;
  /**
   * At sending, set by the server: the address on this site (a path) that an integration sending
   * the resident elsewhere (IntegrationRedirect) has them come back to.
   */
  returnPath?: string;
  /**
   * The resident is back from the page an earlier try of this sending took them to: the call is
   * made again with the same reference, and says how it went there (answers, or refuses).
   */
  returned?: boolean;
}

export interface Integrations {
  /**
   * Runs `operation` of integration `name` with the screen's resolved params. `answers` are the
   * answers on the resident's path (for submit: everything to store). Throw IntegrationRefusal to
   * show the resident a message on the screen (a declined payment); any other error is a failure.
   */
  call(
    name: string,
    operation: string,
    params: Record<string, unknown>,
    answers: Answers,
    context: CallContext,
  ): Promise<unknown>;
}

const REFUSAL = Symbol.for("cedarport.workflow.IntegrationRefusal");

/** An integration saying no in a way the resident can act on; its errors are shown like validation errors. */
export class IntegrationRefusal extends Error {
  readonly errors: FieldError[];
  readonly [REFUSAL] = true;
  constructor(errors: FieldError[]) {
    super(errors.map((error) => error.message).join(" ") || "refused");
    this.name = "IntegrationRefusal";
    this.errors = errors;
  }

  /**
   * `instanceof` by brand, not by class: the server's bundle and the integrations it loads may each
   * hold their own copy of this module, and a refusal from one must still be one to the other.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return (
      value !== null && typeof value === "object" && (value as { [REFUSAL]?: unknown })[REFUSAL] === true
    );
  }
}

const REDIRECT = Symbol.for("cedarport.workflow.IntegrationRedirect");

/**
 * An integration saying the resident must finish on another site's page first (a payment
 * provider's hosted page), which sends them back to `CallContext.returnPath`. The engine keeps the
 * journey on its screen, marked away; the same call is made again, with `returned`, when they are
 * back. Only a sending's call (check-answers) may redirect.
 */
export class IntegrationRedirect extends Error {
  readonly url: string;
  readonly [REDIRECT] = true;
  constructor(url: string) {
    super(`the resident goes to ${new URL(url).origin} and comes back`);
    this.name = "IntegrationRedirect";
    this.url = url;
  }

  /** By brand, as IntegrationRefusal is. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return (
      value !== null && typeof value === "object" && (value as { [REDIRECT]?: unknown })[REDIRECT] === true
    );
  }
}

function isFieldParam(param: CallParam): param is { field: string } {
  return (
    param !== null &&
    typeof param === "object" &&
    !Array.isArray(param) &&
    Object.keys(param).length === 1 &&
    typeof (param as { field?: unknown }).field === "string"
  );
}

/** The call's params with every {"field": "screen.path"} replaced by that answer. */
export function resolveParams(
  call: IntegrationCall,
  answers: Answers,
  results: Record<string, unknown> = {},
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(call.params).map(([name, param]) => [
      name,
      isFieldParam(param) ? readField(answers, param.field, results) : param,
    ]),
  );
}

/** Integrations that refuse every call: for a journey that must not reach the outside world. */
export const noIntegrations: Integrations = {
  call: (name, operation) => Promise.reject(new Error(`no integration ${name}.${operation} is available`)),
};
