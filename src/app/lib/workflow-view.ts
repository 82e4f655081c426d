import { checkAnswersRows } from "../../workflow/check-answers";
import { renderContent, renderNotice } from "../../workflow/content";
import { journeyForm } from "../../workflow/form";
import { formDataFor, type Journey, progressOf } from "../../workflow/journey";
import { localizeText } from "../../workflow/localize";
import { requireScreen } from "../../workflow/screens";
import { isTool } from "../../workflow/service-kind";
import type { Answers, FieldError, Locale, Workflow } from "../../workflow/types";
import { screenHref, serviceHref, statusPageOf } from "./workflow-http";

/**
 * What a workflow screen shows, from the workflow and the journey alone: the server's loader
 * (workflow-screen.server.ts) and the browser, when it has moved the journey on itself
 * (browser-journey.ts), build it with this one function, so the two cannot show a screen
 * differently.
 */
export function screenView(
  workflow: Workflow,
  journey: Journey,
  opts: { locale: Locale; now: Date; request: Request; bundle: string | null; csrf: string },
) {
  const { locale, now, request } = opts;
  const screen = requireScreen(workflow, journey.screen);
  // Options filled from a lookup ("choicesFrom") depend on the journey.
  const form = journeyForm(screen, locale, journey);
  const previous = journey.history.at(-1);
  const submitResult = Object.values(journey.results).find(
    (r): r is Record<string, unknown> => !!r && typeof r === "object" && "requestId" in r,
  );
  return {
    locale,
    name: workflow.name,
    /** The service's browser bundle (src/server/service-bundles.ts), once the server has built it. */
    bundle: opts.bundle,
    /** The journey itself, for the browser to answer screens with (browser-journey.ts). */
    journey,
    service: localizeText(workflow.title, locale),
    /** A tool (a search) is not an application: no step counter, no "Save and come back later". */
    tool: isTool(workflow),
    /** Where "Start a new application" (or a new search) posts: the service's own address. */
    restart: serviceHref(workflow.name, request),
    /** The confirmation's link to where residents follow what they sent. */
    statusPage: statusPageOf(workflow, request),
    /** What the service is for (the page's meta description); its name when the file says nothing. */
    description: localizeText(workflow.description ?? workflow.title, locale),
    screen: { ...form, type: screen.type },
    /** The screen's hints written with links or emphasis, as HTML (src/workflow/rich-texts.ts). */
    hintHtml: screen.html?.[locale]?.inline ?? {},
    // A repeated group opens with its first item ready to fill in.
    formData: (formDataFor(journey, screen.name, workflow, { now }) ?? (screen.repeat ? [{}] : undefined)) as
      | Answers
      | undefined,
    /** The service's notice ("If this is an emergency, call 911"), on every screen. */
    notice: renderNotice(workflow, locale, now),
    // "We respond by …" counts from the day the answers were sent, however late the page is seen.
    content: renderContent(
      screen,
      journey,
      locale,
      journey.submission?.sentAt ? new Date(journey.submission.sentAt) : now,
    ),
    progress:
      screen.type === "question" || screen.type === "lookup" ? progressOf(workflow, journey, { now }) : null,
    back: previous && screen.type !== "confirmation" ? screenHref(workflow.name, previous, request) : null,
    // "Change" is a POST from check-answers (a link must not move the journey).
    rows: screen.type === "check-answers" ? checkAnswersRows(workflow, journey, locale) : [],
    confirmation:
      screen.type === "confirmation"
        ? {
            reference: journey.submission?.reference ?? null,
            requestId: typeof submitResult?.requestId === "string" ? submitResult.requestId : null,
            parcelNumber: typeof submitResult?.parcelNumber === "string" ? submitResult.parcelNumber : null,
          }
        : null,
    /** The save-and-return link, on the "saved" page (only the server can make one). */
    saved: null as string | null,
    sent: false,
    /** "Error: " on the page the server sends back with refused answers (only it knows). */
    titlePrefix: "",
    action: screenHref(workflow.name, screen.name, request),
    /** Posted with every form of the screen (src/server/csrf.ts). */
    csrf: opts.csrf,
  };
}

export type ScreenView = ReturnType<typeof screenView>;

/** What a screen shows after an answer that was not accepted. */
export interface ActionErrors {
  errors: FieldError[];
  /** Errors found again at submit, by screen (check-answers lists them, each a way to change it). */
  screenErrors?: { screen: string; message: string }[];
  /** A save-and-return link could not be e-mailed to the address given. */
  emailErrors?: FieldError[];
}
