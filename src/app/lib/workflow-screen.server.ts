import { data } from "react-router";
import { applyArrayAction, formDataToAnswers, parseArrayAction } from "../../forms/theme/index";
import { journeyForm } from "../../workflow/form";
import {
  answerAndCall,
  changeAnswer,
  goBack,
  type Journey,
  submitJourney,
  visitScreen,
} from "../../workflow/journey";
import { requireScreen } from "../../workflow/screens";
import type { Answers } from "../../workflow/types";
import { createI18n } from "../i18n";
import type { Route } from "../routes/+types/workflow-screen";
import { PRIVATE, redirectTo, screenHref, workflowOr404 } from "./workflow-http";
import { type ActionErrors, screenView } from "./workflow-view";

/**
 * The server half of a workflow screen (routes/workflow-screen.tsx): reading and answering the
 * journey. A .server module, so none of it (the engine, XState, the form-body parser) is sent to
 * the browser.
 */

/** A posted screen larger than this is not a form a resident filled in. */
const MAX_BODY_BYTES = 64 * 1024;

type Intent = "continue" | "back" | "save" | "submit" | "email-link";
const INTENTS = new Set<Intent>(["continue", "back", "save", "submit", "email-link"]);

/** The optional e-mail address a save-and-return link is sent to, checked by the catalogue. */
const EMAIL_SCHEMA = {
  type: "object",
  required: ["email"],
  properties: { email: { type: "string", format: "email" } },
};

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, locale } = context;
  const workflow = workflowOr404(services, params.name);
  const open = await services.workflows.open(workflow.name, request.headers.get("cookie"));
  const url = new URL(request.url);
  if (!open) return redirectTo(`/workflow/${workflow.name}${url.search}`);
  const now = new Date();
  let journey = open.journey;
  if (params.screen !== journey.screen) {
    const moved = url.searchParams.has("change")
      ? changeAnswer(workflow, journey, params.screen, { now })
      : visitScreen(workflow, journey, params.screen, { now });
    if (!moved.ok) return redirectTo(screenHref(workflow.name, journey.screen, request));
    journey = moved.journey;
    await services.workflows.save(open.id, journey, locale);
  }
  const saved = url.searchParams.has("saved")
    ? `${context.origin}/workflow/${workflow.name}/resume/${await services.workflows.resumeToken(open.id)}`
    : null;
  const view = screenView(workflow, journey, {
    locale,
    now,
    request,
    bundle: services.workflows.browserBundle(workflow.name) ?? null,
  });
  return data({ ...view, saved, sent: url.searchParams.has("sent") }, { headers: PRIVATE });
}

function badRequest(message: string) {
  return data<ActionErrors>(
    { errors: [{ path: "", message, keyword: "request" }] },
    { status: 400, headers: PRIVATE },
  );
}

/** What the browser sent: a plain form post (no JavaScript) or JSON from the enhanced form. */
async function readPost(request: Request, schema: object | undefined) {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) return null;
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return null;
  if (request.headers.get("content-type")?.includes("application/json")) {
    try {
      const body = JSON.parse(text) as { intent?: unknown; answers?: unknown };
      const answers = body.answers && typeof body.answers === "object" ? (body.answers as Answers) : {};
      return { intent: String(body.intent ?? "continue"), answers, arrayAction: null };
    } catch {
      return null;
    }
  }
  const body = new URLSearchParams(text);
  return {
    intent: body.get("_intent") ?? "continue",
    email: body.get("email")?.trim() || undefined,
    answers: schema ? formDataToAnswers(schema, body) : {},
    arrayAction: parseArrayAction(body),
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { services, locale } = context;
  const workflow = workflowOr404(services, params.name);
  const open = await services.workflows.open(workflow.name, request.headers.get("cookie"));
  if (!open) return redirectTo(`/workflow/${workflow.name}`);
  const screen = requireScreen(workflow, params.screen);
  const form = journeyForm(screen, locale, open.journey);
  const post = await readPost(request, form.schema);
  if (!post || !INTENTS.has(post.intent as Intent))
    return badRequest(createI18n(locale).t("workflow-ui:forged"));

  // One request at a time per journey, on the journey as stored: a double click on Submit
  // sees the first click's result.
  return services.workflows.exclusive(open.id, async () => {
    const current =
      (await services.workflows.open(workflow.name, request.headers.get("cookie")))?.journey ?? open.journey;
    const now = new Date();
    const save = (journey: Journey) => services.workflows.save(open.id, journey, locale);
    const keepTyped = (journey: Journey, answers: unknown): Journey => ({
      ...journey,
      drafts: { ...journey.drafts, [screen.name]: answers },
    });

    if (post.intent === "back") {
      const journey = goBack(workflow, current);
      await save(journey);
      return redirectTo(screenHref(workflow.name, journey.screen, request));
    }
    if (post.intent === "email-link") {
      const errors = services.workflows.validate(EMAIL_SCHEMA, { email: post.email }, { locale, now });
      if (errors.length > 0)
        return data<ActionErrors>({ errors: [], emailErrors: errors }, { headers: PRIVATE });
      const link = `${context.origin}/workflow/${workflow.name}/resume/${await services.workflows.resumeToken(open.id)}`;
      await services.workflows.emailResumeLink(workflow.name, String(post.email), link, locale);
      return redirectTo(screenHref(workflow.name, screen.name, request, { saved: "1", sent: "1" }));
    }
    if (post.intent === "save") {
      if (form.schema) await save(keepTyped(current, post.answers));
      return redirectTo(screenHref(workflow.name, screen.name, request, { saved: "1" }));
    }
    if (post.arrayAction && form.schema) {
      await save(keepTyped(current, applyArrayAction(form.schema, post.answers, post.arrayAction)));
      return redirectTo(screenHref(workflow.name, screen.name, request));
    }
    const integrations = services.workflows.integrationsFor(open.id, locale);
    const opts = { validate: services.workflows.validate, now, locale, integrations };
    if (screen.type === "check-answers") {
      const result = await submitJourney(workflow, current, opts);
      if (!result.ok) {
        await save(result.journey);
        return data<ActionErrors>(
          {
            errors: [],
            screenErrors: result.errors.map((e) => ({
              screen: e.screen,
              message: e.message,
              href: screenHref(workflow.name, e.screen, request, { change: "1" }),
            })),
          },
          { headers: PRIVATE },
        );
      }
      await save(result.journey);
      return redirectTo(screenHref(workflow.name, result.journey.screen, request));
    }
    const result = await answerAndCall(workflow, current, screen.name, post.answers, opts);
    await save(result.journey);
    if (!result.ok) return data<ActionErrors>({ errors: result.errors }, { headers: PRIVATE });
    return redirectTo(screenHref(workflow.name, result.journey.screen, request));
  });
}
