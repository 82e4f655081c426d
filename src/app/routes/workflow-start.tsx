import { data } from "react-router";
import { type Journey, startJourney, statusOf } from "../../workflow/journey";
import { localizeText } from "../../workflow/localize";
import { acceptedPrefillParams, prefillDrafts } from "../../workflow/prefill";
import { isEndType, screenNamed } from "../../workflow/screens";
import { isTool } from "../../workflow/service-kind";
import { createI18n } from "../i18n";
import { useTranslation } from "../i18n/use-translation";
import {
  PRIVATE,
  problem,
  redirectTo,
  screenHref,
  serviceHref,
  statusPageOf,
  workflowOr404,
} from "../lib/workflow-http";
import type { Route } from "./+types/workflow-start";

export { ErrorBoundary } from "./workflow-screen";

/**
 * /workflow/<name>: the resident's journey on its current screen, else the first screen. A visit
 * stores nothing: the journey begins with the first answer (routes/workflow-screen.tsx).
 *
 * A finished journey is not shown again as if it were the service: an application already sent
 * offers to start a new one (the new journey is made only by the POST below), and a tool whose
 * results were shown opens on its first screen, ready for a new search.
 */
/** `href` with `params` added to its query. */
function withParams(href: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return query ? `${href}${href.includes("?") ? "&" : "?"}${query}` : href;
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services } = context;
  const workflow = workflowOr404(services, params.name);
  const cookieHeader = request.headers.get("cookie");
  const open = await services.workflows.open(workflow.name, cookieHeader);
  const journey = open?.journey ?? startJourney(workflow);
  const current = screenNamed(workflow, journey.screen);
  if (isTool(workflow) && current && isEndType(current.type))
    return redirectTo(screenHref(workflow.name, workflow.start, request));
  // A link's declared answers (prefill.ts) go along to the first screen, for a journey not begun:
  // those their field accepts, as the first screen's form carries them on (a refused one fills nothing).
  const prefill = acceptedPrefillParams(workflow, new URL(request.url).searchParams, {
    validate: services.workflows.validate,
    locale: context.locale,
    now: new Date(),
  });
  if (!open) return redirectTo(screenHref(workflow.name, journey.screen, request, prefill));
  if (statusOf(workflow, journey) !== "submitted")
    return redirectTo(screenHref(workflow.name, journey.screen, request));
  const csrf = await services.workflows.csrf(cookieHeader);
  const headers = new Headers(PRIVATE);
  if (csrf.cookie) headers.append("Set-Cookie", csrf.cookie);
  return data(
    {
      service: localizeText(workflow.title, context.locale),
      title: createI18n(context.locale).t("workflow-ui:again.title"),
      reference: journey.submission?.reference ?? null,
      confirmation: screenHref(workflow.name, journey.screen, request),
      statusPage: statusPageOf(workflow, request),
      // A new application started here keeps what the link filled in.
      action: withParams(serviceHref(workflow.name, request), prefill),
      csrf: csrf.token,
    },
    { headers },
  );
}

export const meta = ({ data: d }: Route.MetaArgs) => (d ? [{ title: `${d.title} | ${d.service}` }] : []);

/** "Start a new application" / a new search: a new journey (and its cookie) from the first screen. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const { services, locale } = context;
  const workflow = workflowOr404(services, params.name);
  const cookieHeader = request.headers.get("cookie");
  const body = new URLSearchParams((await request.text()).slice(0, 4096));
  const checked = await services.workflows.verifyCsrf(cookieHeader, body.get("_csrf"));
  if (checked !== "ok") throw problem(checked === "no-cookie" ? "cookies" : "expired");
  const fresh: Journey = {
    ...startJourney(workflow),
    drafts: prefillDrafts(workflow, new URL(request.url).searchParams, {
      validate: services.workflows.validate,
      locale,
      now: new Date(),
    }),
  };
  const started = await services.workflows.start(workflow.name, fresh, locale);
  return redirectTo(screenHref(workflow.name, fresh.screen, request), started.cookie);
}

export default function WorkflowStart({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("workflow-ui");
  const { service, reference, confirmation, statusPage, action, csrf } = loaderData;
  return (
    <div className="cp-container cp-workflow">
      <p className="cp-workflow__service">{service}</p>
      <h1>{t("again.title")}</h1>
      {reference && (
        <p>
          {t("confirmation.reference")} <strong className="cp-workflow__reference">{reference}</strong>
        </p>
      )}
      <p>
        <a href={confirmation}>{t("again.seeConfirmation")}</a>
      </p>
      {statusPage && (
        <p>
          <a href={statusPage.href}>{t(statusPage.label)}</a>
        </p>
      )}
      <form method="post" action={action}>
        <input type="hidden" name="_csrf" value={csrf} />
        <button className="usa-button" type="submit">
          {t("again.application")}
        </button>
      </form>
    </div>
  );
}
