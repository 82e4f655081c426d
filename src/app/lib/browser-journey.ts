import { redirect } from "react-router";
import {
  type CompiledValidator,
  loadStandaloneValidators,
  validateCompiled,
} from "../../forms/validation/compiled";
import { answerScreen, type Journey } from "../../workflow/journey";
import { isQuestionType, screenNamed } from "../../workflow/screens";
import type { Locale, Validate, Workflow } from "../../workflow/types";
import { screenHref } from "./workflow-http";
import { type ActionErrors, type ScreenView, screenView } from "./workflow-view";

/**
 * The journey in the browser (docs/adr/0001-architecture.md, "Workflows in the browser"). Once a
 * service's bundle has loaded (its workflow and compiled validators, src/server/service-bundles.ts),
 * the browser answers a screen itself: it validates with the same catalogue, moves the same XState
 * machine on and shows the next screen at once, with no request in between. Each answer is then
 * sent to the server in the background, in order, and the server checks and advances its own
 * copy, which stays the one that counts (save and return, submit, a reload).
 *
 * Screens that call an integration (a lookup, a payment), check-answers, and anything but
 * "Continue" still go to the server first, as do screens the browser has not moved to itself.
 */

interface Service {
  workflow: Workflow;
  validators: Record<string, CompiledValidator>;
}

const services = new Map<string, Promise<Service | undefined>>();
/** The latest journey per service, from the server or from an answer given here. */
const journeys = new Map<string, { journey: Journey; locale: Locale; bundle: string; csrf: string }>();
/** Answers on their way to the server, one after another. */
let sending: Promise<void> = Promise.resolve();

function loadService(url: string): Promise<Service | undefined> {
  let service = services.get(url);
  if (!service) {
    service = import(/* @vite-ignore */ url)
      .then((module: { workflow?: Workflow }) =>
        module.workflow
          ? { workflow: module.workflow, validators: loadStandaloneValidators(module) }
          : undefined,
      )
      .catch(() => undefined);
    services.set(url, service);
  }
  return service;
}

/** Keeps the journey a screen was shown with; resolves to the service once its bundle is here. */
export async function remember(view: ScreenView): Promise<Service | undefined> {
  if (!view.bundle) return undefined;
  journeys.set(view.name, {
    journey: view.journey,
    locale: view.locale,
    bundle: view.bundle,
    csrf: view.csrf,
  });
  return loadService(view.bundle);
}

/** Resolves once every answer given in the browser has reached the server. */
export function synced(): Promise<void> {
  return sending;
}

async function ready(name: string) {
  const held = journeys.get(name);
  const service = held && (await loadService(held.bundle));
  return held && service ? { ...held, service } : undefined;
}

function validatorFor(service: Service, screen: string): Validate {
  return (schema, data, opts) => {
    const check = service.validators[screen];
    return check ? validateCompiled(check, data, { ...opts, schema }) : [];
  };
}

/**
 * A "Continue" on `screen`, answered in the browser when it can be: the errors to show, or a
 * redirect to the next screen. Undefined when the server must answer it.
 */
export async function answer(
  request: Request,
  name: string,
  screenName: string,
): Promise<ActionErrors | Response | undefined> {
  if (!request.headers.get("content-type")?.includes("application/json")) return undefined;
  const body = (await request.clone().json()) as { intent?: string; answers?: unknown; csrf?: string };
  const held = await ready(name);
  const screen = held && screenNamed(held.service.workflow, screenName);
  if (!held || !screen || body.intent !== "continue" || !isQuestionType(screen.type) || screen.call)
    return undefined;
  const { workflow } = held.service;
  const answers = body.answers ?? {};
  const result = answerScreen(workflow, held.journey, screen.name, answers, {
    validate: validatorFor(held.service, screen.name),
    now: new Date(),
    locale: held.locale,
  });
  if (!result.ok) return { errors: result.errors };
  journeys.set(name, { ...held, journey: result.journey });
  // The form's CSRF token goes with the answer, as it would with the form itself.
  send(request.url, { intent: "continue", answers, csrf: body.csrf ?? held.csrf });
  return redirect(screenHref(workflow.name, result.journey.screen, request));
}

/** The screen at `request`, when the browser's journey is on it: no need to ask the server. */
export async function view(
  request: Request,
  name: string,
  screenName: string,
): Promise<ScreenView | undefined> {
  const url = new URL(request.url);
  if (["saved", "sent", "cookies"].some((p) => url.searchParams.has(p))) return undefined;
  const held = await ready(name);
  if (!held || held.journey.screen !== screenName || held.journey.submission) return undefined;
  return screenView(held.service.workflow, held.journey, {
    locale: held.locale,
    now: new Date(),
    request,
    bundle: held.bundle,
    csrf: held.csrf,
  });
}

const RETRIES = [1000, 3000, 9000];

/**
 * Sends one answer to the server, after those before it. The server answers a post it accepts
 * with a redirect (not followed here); anything else means it disagrees with the browser (a
 * check only it can make, a journey changed in another tab), so the page is loaded again from
 * the server, which keeps what was typed and shows why. A 403 refused the post's CSRF check: the
 * page of that screen is asked for with `?cookies=check`, which says so when this browser sends
 * no cookies, and otherwise shows the screen with a fresh token.
 */
function send(url: string, body: object) {
  sending = sending.then(async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
          redirect: "manual",
          credentials: "same-origin",
          // Leaving the page (a language switch, a closed tab) must not lose the answer on its way.
          keepalive: true,
        });
        if (response.type === "opaqueredirect") return;
        if (response.status === 403) return leaveFor(withParam(url, "cookies", "check"));
        return reloadFromServer();
      } catch {
        // Offline for a moment: try again, then let the server decide.
        const wait = RETRIES[attempt];
        if (wait === undefined) return reloadFromServer();
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  });
}

function withParam(url: string, name: string, value: string): string {
  const next = new URL(url, window.location.href);
  next.searchParams.set(name, value);
  return `${next.pathname}${next.search}`;
}

function leaveFor(href: string) {
  journeys.clear();
  window.location.assign(href);
}

function reloadFromServer() {
  journeys.clear();
  window.location.reload();
}
