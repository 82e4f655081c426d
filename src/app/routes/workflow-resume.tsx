import { data } from "react-router";
import { isLocale } from "../../domain/localize";
import { useTranslation } from "../i18n/use-translation";
import { PRIVATE, redirectTo, screenHref, workflowOr404 } from "../lib/workflow-http";
import type { Route } from "./+types/workflow-resume";

/**
 * A save-and-return link: restores the journey in this browser, or says clearly that it cannot.
 * The journey comes back in the language it was saved in (a fresh browser would otherwise show
 * English): the link's own `?lang=` wins, else the journey's.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const workflow = workflowOr404(context.services, params.name);
  const resumed = await context.services.workflows.resume(workflow.name, params.token);
  if (resumed) {
    const url = new URL(request.url);
    const saved = isLocale(resumed.locale) ? resumed.locale : undefined;
    if (!url.searchParams.has("lang") && saved) url.searchParams.set("lang", saved);
    const href = screenHref(workflow.name, resumed.journey.screen, new Request(url));
    return redirectTo(href, resumed.cookie);
  }
  return data({ name: workflow.name }, { status: 410, headers: PRIVATE });
}

export const meta = () => [{ title: "Link expired | Enlace vencido" }];

export default function ResumeExpired({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("workflow-ui");
  return (
    <div className="cp-container cp-workflow">
      <h1>{t("resume.expiredTitle")}</h1>
      <p>{t("resume.expiredBody")}</p>
      <p>
        <a className="usa-button" href={`/workflow/${loaderData.name}`}>
          {t("resume.startAgain")}
        </a>
      </p>
    </div>
  );
}
