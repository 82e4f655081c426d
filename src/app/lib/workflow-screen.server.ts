import { data } from "react-router";
import { DatabaseUnavailableError } from "../../db/database";
import { MAX_FILE_BYTES, maxFiles, uploadFields } from "../../domain/uploads";
import { applyArrayAction, formDataToAnswers, parseArrayAction } from "../../forms/theme/index";
import { schemaAt } from "../../forms/theme/schema-walk";
import { attachUploads } from "../../server/uploads/attach";
import { type MultipartBody, readMultipart } from "../../server/uploads/multipart";
import { journeyForm } from "../../workflow/form";
import {
  answerAndCall,
  changeAnswer,
  goBack,
  type Journey,
  saveDraft,
  startJourney,
  submitJourney,
  visitScreen,
} from "../../workflow/journey";
import { acceptedPrefillParams, prefillDrafts } from "../../workflow/prefill";
import { screenNamed } from "../../workflow/screens";
import { STORAGE_LIMITS, withinDepth } from "../../workflow/sensitive";
import type { Answers, Locale, Screen, Workflow } from "../../workflow/types";
import { createI18n } from "../i18n";
import type { Route } from "../routes/+types/workflow-screen";
import { notFound } from "./http";
import { PRIVATE, problem, redirectTo, screenHref, serviceHref, workflowOr404 } from "./workflow-http";
import { type ActionErrors, screenView } from "./workflow-view";

/**
 * The server half of a workflow screen (routes/workflow-screen.tsx): reading and answering the
 * journey. A .server module, so none of it (the engine, XState, the form-body parser) is sent to
 * the browser.
 *
 * A GET only shows: it never writes to the database, whatever its address says. A visitor without
 * a journey sees the first screen of a journey made up on the spot; the journey is stored with the
 * resident's first answer (a POST), and every POST carries the CSRF token (src/server/csrf.ts).
 */

/**
 * The requests whose answers were refused (errors to show). The page sent back to a plain form
 * post is rendered by the loader after the action, in the same request context: its title then
 * says "Error: " (routes/workflow-screen.tsx `meta`). With JavaScript the page says so itself.
 */
const refusedRequests = new WeakSet<object>();

/**
 * The journey cookie an action just set, for the page the loader renders in the same request: the
 * browser has not sent it yet, and without it a refused first screen would show a journey made
 * up on the spot instead of the one holding what the resident typed (and uploaded).
 */
const startedJourneys = new WeakMap<object, string>();

function refused<T extends ActionErrors>(context: object, payload: T, init: ResponseInit) {
  refusedRequests.add(context);
  return data<ActionErrors>(payload, init);
}

/** A posted screen larger than this is not a form a resident filled in (files aside). */
const MAX_BODY_BYTES = 64 * 1024;
/** A JSON body nests { intent, answers: … }: two levels above the deepest answer kept. */
const MAX_BODY_DEPTH = STORAGE_LIMITS.depth + 2;

type Intent = "continue" | "back" | "save" | "submit" | "email-link" | "change";
const INTENTS = new Set<string>(["continue", "back", "save", "submit", "email-link", "change"]);

/** The optional e-mail address a save-and-return link is sent to, checked by the catalogue. */
const EMAIL_SCHEMA = {
  type: "object",
  required: ["email"],
  properties: { email: { type: "string", format: "email" } },
};

const withCookie = (cookie: string | undefined): HeadersInit =>
  cookie ? { ...PRIVATE, "Set-Cookie": cookie } : PRIVATE;

/** The journey a screen is shown from: the resident's, else a new one that is not stored. */
function journeyToShow(workflow: Workflow, stored: Journey | undefined): Journey {
  return stored ?? startJourney(workflow);
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, locale } = context;
  const workflow = workflowOr404(services, params.name);
  const validation = { validate: services.workflows.validate, locale };
  const started = startedJourneys.get(context);
  const cookieHeader = [started, request.headers.get("cookie")].filter(Boolean).join("; ") || null;
  const csrf = await services.workflows.csrf(cookieHeader);
  const url = new URL(request.url);
  // The browser's journey asks this after a refused background post: are cookies reaching us?
  if (url.searchParams.has("cookies") && !csrf.held) throw problem("cookies");
  const open = await services.workflows.open(workflow.name, cookieHeader);
  const now = new Date();
  // A link may start the service with an answer filled in (prefill.ts): only for a journey not
  // begun yet, and only the parameters the workflow declares.
  const prefill = open ? {} : acceptedPrefillParams(workflow, url.searchParams, { ...validation, now });
  let journey = open
    ? open.journey
    : {
        ...startJourney(workflow),
        drafts: prefillDrafts(workflow, url.searchParams, { ...validation, now }),
      };
  // Back from a provider's page (a payment, docs/payments.md): the sending's call is made again
  // and says how it went there. A GET that writes, as a sign-in callback does: it can only finish
  // (or close) what this journey's own resident started, and doing it twice changes nothing.
  let refusal: ActionErrors | null = null;
  if (open?.journey.away && url.searchParams.has("returned")) {
    const back = await backFromElsewhere(context, request, workflow, params.screen, open.id, cookieHeader);
    if (back?.kind === "moved") return redirectTo(back.href, csrf.cookie);
    if (back) {
      refusal = back.payload;
      refusedRequests.add(context);
      journey = (await services.workflows.open(workflow.name, cookieHeader))?.journey ?? journey;
    }
  }
  if (params.screen !== journey.screen) {
    // Another screen on the path (a Back link, a bookmark) is shown, not stored: the journey
    // moves only when the resident posts.
    const moved = visitScreen(workflow, journey, params.screen, { now });
    if (!moved.ok) return redirectTo(screenHref(workflow.name, journey.screen, request), csrf.cookie);
    journey = moved.journey;
  }
  // The "saved" panel shows the link made when the resident pressed Save; it never makes one.
  const saved =
    url.searchParams.has("saved") && open?.resumeToken
      ? `${context.origin}/workflow/${workflow.name}/resume/${open.resumeToken}`
      : null;
  const view = screenView(workflow, journey, {
    locale,
    now,
    request,
    bundle: services.workflows.browserBundle(workflow.name) ?? null,
    csrf: csrf.token,
  });
  const titlePrefix = refusedRequests.has(context) ? createI18n(locale).t("workflow-ui:errorTitle") : "";
  // The first post creates the journey: it carries the prefilled parameters along to do so.
  const action =
    Object.keys(prefill).length > 0
      ? screenHref(workflow.name, journey.screen, request, prefill)
      : view.action;
  return data(
    { ...view, action, saved, sent: saved !== null && url.searchParams.has("sent"), titlePrefix, refusal },
    { headers: withCookie(csrf.cookie) },
  );
}

function badRequest(context: object, message: string) {
  return refused(
    context,
    { errors: [{ path: "", message, keyword: "request" }] },
    { status: 400, headers: PRIVATE },
  );
}

interface Post {
  intent: string;
  answers: Answers | unknown[];
  arrayAction: ReturnType<typeof parseArrayAction>;
  csrf: unknown;
  email?: string;
  /** The screen a "Change" button on check-answers opens. */
  change?: string;
  /** Files posted with a screen that asks for documents (multipart). */
  files: MultipartBody["files"];
}

/** The fields of a plain form post, however it was encoded. */
function formPost(body: URLSearchParams, schema: object | undefined, files: Post["files"] = []): Post {
  return {
    intent: body.get("_intent") ?? "continue",
    email: body.get("email")?.trim() || undefined,
    answers: schema ? formDataToAnswers(schema, body) : {},
    arrayAction: parseArrayAction(body),
    csrf: body.get("_csrf"),
    change: body.get("_screen") ?? undefined,
    files,
  };
}

/**
 * What the browser sent: a plain form post (no JavaScript) or JSON from the enhanced form and the
 * browser's journey. Null for what no form of ours sends: too large, not JSON, nested too deep.
 */
async function readPost(request: Request, schema: object | undefined): Promise<Post | null> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  const fileFields = uploadFields(schema);
  if (fileFields.length > 0 && request.headers.get("content-type")?.startsWith("multipart/form-data")) {
    const files = fileFields.reduce((n, field) => n + maxFiles(schemaAt(schema, [field])), 0);
    if (declared > MAX_BODY_BYTES + (files + 1) * (MAX_FILE_BYTES + 4096)) return null;
    // One file more than the fields take is read, so too many picked files are said to be (a
    // field's maxItems), not silently dropped.
    const body = await readMultipart(request, {
      fileBytes: MAX_FILE_BYTES,
      files: files + 1,
      fieldBytes: MAX_BODY_BYTES,
    });
    return body && formPost(body.fields, schema, body.files);
  }
  if (declared > MAX_BODY_BYTES) return null;
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return null;
  if (request.headers.get("content-type")?.includes("application/json")) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return null;
    }
    if (body === null || typeof body !== "object" || !withinDepth(body, MAX_BODY_DEPTH)) return null;
    const { intent, answers, csrf } = body as { intent?: unknown; answers?: unknown; csrf?: unknown };
    return {
      intent: String(intent ?? "continue"),
      answers: answers && typeof answers === "object" ? (answers as Answers | unknown[]) : {},
      arrayAction: null,
      csrf,
      files: [],
    };
  }
  return formPost(new URLSearchParams(text), schema);
}

/** The check-answers screen a resident away on a provider's page comes back to, sent again. */
async function backFromElsewhere(
  context: Route.LoaderArgs["context"],
  request: Request,
  workflow: Workflow,
  screenName: string,
  journeyId: string,
  cookieHeader: string | null,
): Promise<Sending | undefined> {
  const screen = screenNamed(workflow, screenName);
  if (screen?.type !== "check-answers") return undefined;
  return context.services.workflows.exclusive(journeyId, async () => {
    // Read again in the lock: a second tab (or a double redirect) may have finished it meanwhile.
    const stored = (await context.services.workflows.open(workflow.name, cookieHeader))?.journey;
    if (!stored || !(stored.away || stored.submission)) return undefined;
    const moved = visitScreen(workflow, stored, screen.name, { now: new Date() });
    if (!moved.ok && !stored.submission) return undefined;
    const journey = moved.ok ? moved.journey : stored;
    return sendAnswers(context, request, {
      workflow,
      screen,
      journeyId,
      journey,
      data: journey.drafts[screen.name] ?? journey.answers[screen.name],
      returned: true,
      // A page load, whatever the browser can run: counted with the pages served without it.
      metric: { workflow: workflow.name, locale: context.locale, js: false },
    });
  });
}

type Metric = { workflow: string; locale: Locale; js: boolean };

/** What sending a check-answers screen came to: a page to go to, or what to show on the screen. */
type Sending = { kind: "moved"; href: string } | { kind: "refused"; payload: ActionErrors; status: number };

/**
 * Sends the answers from a check-answers screen (the resident pressed Send or Pay, or is back from
 * a provider's page: `returned`), in the journey's lock, and stores what came of it.
 */
async function sendAnswers(
  { services, locale }: Route.ActionArgs["context"],
  request: Request,
  sending: {
    workflow: Workflow;
    screen: Screen;
    journeyId: string;
    journey: Journey;
    data?: unknown;
    returned?: boolean;
    metric: Metric;
  },
): Promise<Sending> {
  const { workflow, screen, journeyId, metric } = sending;
  const save = (journey: Journey) => services.workflows.save(journeyId, journey, locale);
  const here = (name: string, extra?: Record<string, string>) =>
    screenHref(workflow.name, name, request, extra);
  let result: Awaited<ReturnType<typeof submitJourney>>;
  try {
    result = await submitJourney(workflow, sending.journey, {
      validate: services.workflows.validate,
      now: new Date(),
      locale,
      integrations: services.workflows.integrationsFor(journeyId, locale),
      ...(sending.data !== undefined ? { data: sending.data } : {}),
      reserve: save,
      returnPath: here(screen.name, { returned: "1" }),
      returned: sending.returned === true,
    });
  } catch (error) {
    // The database down is the whole site's problem (its own page); a city system that failed
    // to take the application is this page's: the answers stay, sending again is safe (the
    // same reference, nothing stored twice), and the resident is told whom to contact.
    if (error instanceof DatabaseUnavailableError) throw error;
    console.error(`workflow ${workflow.name}: sending failed:`, error);
    const site = await services.site();
    const message = createI18n(locale).t("workflow-ui:sendFailed", {
      main: site.phones.main ?? "311",
      outside: site.phones.outside ?? "",
      email: typeof site.email === "string" ? site.email : "",
    });
    return { kind: "refused", payload: { errors: [{ path: "", message, keyword: "send" }] }, status: 503 };
  }
  await save(result.journey);
  // To the provider's page (docs/payments.md), which sends the resident back to returnPath.
  if (!result.ok && result.reason === "redirect") return { kind: "moved", href: result.url };
  if (!result.ok) {
    for (const e of result.errors)
      services.backOffice.track("error", metric, { screen: e.screen, field: e.path });
    // Problems with this screen's own questions (or what its call refused: a declined card)
    // are shown at its fields; those of earlier screens each with a way to change them.
    const own = result.errors.filter((e) => e.screen === screen.name);
    const earlier = result.errors.filter((e) => e.screen !== screen.name);
    return {
      kind: "refused",
      payload: {
        errors: own.map(({ screen: _, ...error }) => error),
        screenErrors: earlier.map((e) => ({ screen: e.screen, message: e.message })),
      },
      status: 200,
    };
  }
  if (!result.repeated) await services.backOffice.completed(journeyId, metric);
  return { kind: "moved", href: here(result.journey.screen) };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { services, locale } = context;
  const workflow = workflowOr404(services, params.name);
  const screen = screenNamed(workflow, params.screen);
  if (!screen) throw notFound();
  const cookieHeader = request.headers.get("cookie");
  const open = await services.workflows.open(workflow.name, cookieHeader);
  const form = journeyForm(screen, locale, journeyToShow(workflow, open?.journey));
  const post = await readPost(request, form.schema);
  const t = createI18n(locale).t;
  if (!post) return badRequest(context, t("workflow-ui:forged"));
  // No CSRF cookie at all: this browser keeps no cookies (or the post came from another site).
  const checked = await services.workflows.verifyCsrf(cookieHeader, post.csrf);
  if (checked !== "ok") throw problem(checked === "no-cookie" ? "cookies" : "expired");
  if (!INTENTS.has(post.intent)) return badRequest(context, t("workflow-ui:forged"));
  const intent = post.intent as Intent;

  // For the service's dashboard (src/back-office/metrics.ts): counts only, nothing about the resident,
  // kept in memory and written every few seconds, so the resident never waits for them.
  const metric = {
    workflow: workflow.name,
    locale,
    js: Boolean(request.headers.get("content-type")?.includes("application/json")),
  };
  const countRefused = (errors: readonly { path: string }[], on = screen.name) => {
    for (const field of new Set(errors.map((e) => e.path)))
      services.backOffice.track("error", metric, { screen: on, field });
  };

  // A journey is stored from the resident's first answer (or save) on a screen it can reach.
  let id = open?.id;
  // Set when the journey is created here, or when its cookie is signed again (a rotated secret).
  let cookie = open?.cookie;
  let started: Journey | undefined;
  if (!id) {
    const fresh: Journey = {
      ...startJourney(workflow),
      drafts: prefillDrafts(workflow, new URL(request.url).searchParams, {
        validate: services.workflows.validate,
        locale,
        now: new Date(),
      }),
    };
    const acts = intent === "continue" || intent === "save" || post.arrayAction !== null;
    if (!acts || !visitScreen(workflow, fresh, screen.name).ok)
      return redirectTo(serviceHref(workflow.name, request));
    const created = await services.workflows.start(workflow.name, fresh, locale);
    ({ id, cookie } = created);
    started = created.journey;
    startedJourneys.set(context, cookie.split(";")[0] ?? "");
    services.backOffice.track("start", metric);
  }
  const journeyId = id;

  // One request at a time per journey, on the journey as stored: a double click on Submit
  // sees the first click's result.
  return services.workflows.exclusive(journeyId, async () => {
    const current =
      started ??
      (await services.workflows.open(workflow.name, cookieHeader))?.journey ??
      journeyToShow(workflow, open?.journey);
    const now = new Date();
    const save = (journey: Journey) => services.workflows.save(journeyId, journey, locale);
    const go = (href: string) => redirectTo(href, cookie);
    const here = (name: string, extra?: Record<string, string>) =>
      screenHref(workflow.name, name, request, extra);
    // The resident may post from a screen they went Back to (shown, not stored): start there.
    const visited = visitScreen(workflow, current, screen.name, { now });
    const onScreen = visited.ok ? visited.journey : current;
    // Documents: only files this journey stored count, and the ones just posted are stored. Only
    // for a post that keeps the screen's answers: Back and Change carry none, and must not read
    // as the resident removing every file.
    const keepsAnswers = intent === "continue" || intent === "save" || post.arrayAction !== null;
    const uploaded =
      !keepsAnswers || screen.type === "check-answers" || Array.isArray(post.answers)
        ? { answers: post.answers, errors: [] }
        : await attachUploads(services.workflows.uploads, journeyId, form.schema, post.answers, {
            files: post.files,
            previous: [current.answers[screen.name], current.drafts[screen.name]],
            locale,
          });
    post.answers = uploaded.answers;

    if (intent === "back") {
      const journey = goBack(workflow, onScreen);
      await save(journey);
      return go(here(journey.screen));
    }
    if (intent === "change") {
      const moved = changeAnswer(workflow, onScreen, post.change ?? "", { now });
      if (!moved.ok) return go(here(current.screen));
      await save(moved.journey);
      return go(here(moved.journey.screen));
    }
    if (intent === "email-link") {
      const errors = services.workflows.validate(EMAIL_SCHEMA, { email: post.email }, { locale, now });
      if (errors.length > 0)
        return refused(context, { errors: [], emailErrors: errors }, { headers: withCookie(cookie) });
      // Per client, per recipient and site-wide: the city's address must not mail strangers in bulk.
      const limit = await context.rateLimit("email", String(post.email));
      if (!limit.allowed) {
        const count = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
        const message = createI18n(locale).t("rate-limits:email", { count });
        return refused(
          context,
          { errors: [], emailErrors: [{ path: "/email", message, keyword: "rateLimit" }] },
          { status: 429, headers: { ...PRIVATE, "Retry-After": String(limit.retryAfterSeconds) } },
        );
      }
      const link = `${context.origin}/workflow/${workflow.name}/resume/${await services.workflows.resumeToken(journeyId)}`;
      await services.workflows.emailResumeLink(workflow.name, String(post.email), link, locale);
      return go(here(screen.name, { saved: "1", sent: "1" }));
    }
    if (intent === "save") {
      // Only what the screen declares is kept, and only for a screen on the path.
      const kept = saveDraft(workflow, current, screen.name, post.answers, { now });
      if (!kept.ok) return go(here(current.screen));
      await save(kept.journey);
      await services.workflows.resumeToken(journeyId);
      return go(here(screen.name, { saved: "1" }));
    }
    if (post.arrayAction && form.schema) {
      const kept = saveDraft(
        workflow,
        current,
        screen.name,
        applyArrayAction(form.schema, post.answers, post.arrayAction),
        { now },
      );
      if (!kept.ok) return go(here(current.screen));
      await save(kept.journey);
      return go(here(screen.name));
    }
    const integrations = services.workflows.integrationsFor(journeyId, locale);
    const opts = { validate: services.workflows.validate, now, locale, integrations };
    if (screen.type === "check-answers") {
      const sent = await sendAnswers(context, request, {
        workflow,
        screen,
        journeyId,
        journey: onScreen,
        ...(form.schema ? { data: post.answers } : {}),
        metric,
      });
      if (sent.kind === "moved") return go(sent.href);
      return refused(context, sent.payload, {
        status: sent.status,
        headers: sent.status === 503 ? { ...withCookie(cookie), "Retry-After": "60" } : withCookie(cookie),
      });
    }
    if (uploaded.errors.length > 0) {
      // A file that could not be kept: the resident stays, with it named, and the other answers'
      // problems beside it (those of the same field are the file's fault).
      const kept = saveDraft(workflow, current, screen.name, post.answers, { now });
      if (kept.ok) await save(kept.journey);
      const failed = new Set(uploaded.errors.map((e) => e.path));
      const others = form.schema
        ? services.workflows
            .validate(form.schema, post.answers, { locale, now })
            .filter((e) => !failed.has(e.path))
        : [];
      countRefused([...uploaded.errors, ...others]);
      return refused(context, { errors: [...uploaded.errors, ...others] }, { headers: withCookie(cookie) });
    }
    const result = await answerAndCall(workflow, current, screen.name, post.answers, opts);
    await save(result.journey);
    if (!result.ok) {
      countRefused(result.errors);
      return refused(context, { errors: result.errors }, { headers: withCookie(cookie) });
    }
    services.backOffice.track("answer", metric, { screen: screen.name });
    return go(here(result.journey.screen));
  });
}
