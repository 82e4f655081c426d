import { data } from "react-router";
import { formatCityTime } from "../../back-office/city-time";
import { ErrorSummary } from "../../forms/theme/ErrorSummary";
import { normalizeReference } from "../../workflow/reference";
import { Breadcrumbs } from "../components/Breadcrumbs/Breadcrumbs";
import { TextField } from "../components/TextField/TextField";
import { useTranslation } from "../i18n/use-translation";
import { pageTitle } from "../lib/view-models";
import type { Route } from "./+types/request-status";
import "../../forms/theme/forms.css";
import "./workflow-screen.css";
import "./request-status.css";

/**
 * "Check the status of a request": any service's reference, with one personal check (the e-mail
 * address given, or the parcel number) so references cannot be tried one after another to read
 * other people's. The form posts (an e-mail address never sits in an address bar or a log), the
 * page works without JavaScript, and tries are rate-limited (src/server/rate-limits.ts).
 */
const FIELD_LIMIT = 254;

export async function loader({ context }: Route.LoaderArgs) {
  const site = await context.services.site();
  return data(
    { siteName: site?.name?.[context.locale], locale: context.locale },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type FieldProblem = { field: "reference" | "check"; key: string };

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const typedReference = String(form.get("reference") ?? "").slice(0, FIELD_LIMIT);
  const check = String(form.get("check") ?? "").slice(0, FIELD_LIMIT);
  const problems: FieldProblem[] = [];
  if (!typedReference.trim()) problems.push({ field: "reference", key: "referenceMissing" });
  else if (!normalizeReference(typedReference)) problems.push({ field: "reference", key: "referenceFormat" });
  if (!check.trim()) problems.push({ field: "check", key: "checkMissing" });
  const typed = { reference: typedReference, check };
  const headers = { "Cache-Control": "private, no-store" };
  if (problems.length)
    return data({ problems, typed, notFound: false, result: undefined }, { status: 400, headers });
  const found = await context.services.backOffice.residentStatus(typedReference, check, context.locale);
  if (!found) {
    const phone = (await context.services.site()).phones.main ?? "311";
    return data({ problems, typed, notFound: phone, result: undefined }, { status: 404, headers });
  }
  return data(
    {
      problems,
      typed,
      notFound: false,
      result: {
        ...found,
        receivedAt: formatCityTime(found.receivedAt, context.locale),
        history: found.history.map((h) => ({ ...h, at: formatCityTime(h.at, context.locale) })),
      },
    },
    { headers },
  );
}

export const handle = { hydrate: false };

export default function RequestStatus({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("request-status");
  const problems = actionData?.problems ?? [];
  const problemOf = (field: FieldProblem["field"]) => problems.find((p) => p.field === field);
  const result = actionData?.result;
  const action = loaderData.locale === "es" ? "/request-status?lang=es" : "/request-status";
  const field = (name: FieldProblem["field"], autoComplete: string) => {
    const problem = problemOf(name);
    return (
      <TextField
        id={`status-${name}`}
        name={name}
        label={t(name)}
        hint={t(`${name}Hint`)}
        error={problem && t(problem.key)}
        autoComplete={autoComplete}
        spellCheck={false}
        maxLength={FIELD_LIMIT}
        defaultValue={actionData && !result ? actionData.typed[name] : ""}
      />
    );
  };
  return (
    <div className="cp-container cp-request-status">
      {/* The title is rendered with the page, not by `meta` (which never sees the action's answer):
          a page sent back with a problem says so in its title too. */}
      <title>{`${problems.length > 0 || actionData?.notFound ? `${t("forms:errorSummaryTitle")}: ` : ""}${pageTitle(t("title"), loaderData.siteName)}`}</title>
      <Breadcrumbs items={[{ title: t("title") }]} />
      {(problems.length > 0 || actionData?.notFound) && (
        <ErrorSummary
          locale={loaderData.locale}
          items={[
            ...problems.map((p) => ({ text: t(p.key), targetId: `status-${p.field}` })),
            ...(actionData?.notFound
              ? [{ text: t("notFound", { phone: actionData.notFound }), targetId: "status-reference" }]
              : []),
          ]}
        />
      )}
      <h1>{t("title")}</h1>
      {result ? (
        <section aria-labelledby="status-result" className="cp-request-status__result">
          <h2 id="status-result">{t("result.heading", { reference: result.reference })}</h2>
          <dl className="cp-summary-list">
            <div className="cp-summary-list__row">
              <dt>{t("result.service")}</dt>
              <dd>{result.service}</dd>
            </div>
            <div className="cp-summary-list__row">
              <dt>{t("result.received")}</dt>
              <dd>{result.receivedAt}</dd>
            </div>
            <div className="cp-summary-list__row">
              <dt>{t("result.status")}</dt>
              <dd>
                <strong>{result.status}</strong>
              </dd>
            </div>
          </dl>
          <h3>{t("result.history")}</h3>
          <ol className="cp-request-status__history">
            {result.history.map((h, i) => (
              <li key={i}>
                <strong>{h.status}</strong> · <time>{h.at}</time>
                {h.note && (
                  <p>
                    <span className="usa-sr-only">{t("result.note")}: </span>
                    {h.note}
                  </p>
                )}
              </li>
            ))}
          </ol>
          <p>
            <a href={action}>{t("result.another")}</a>
          </p>
        </section>
      ) : (
        <>
          <p className="cp-lead">{t("lead")}</p>
          <form method="post" action={action} noValidate className="cp-request-status__form">
            {field("reference", "off")}
            {field("check", "email")}
            <button type="submit" className="usa-button">
              {t("submit")}
            </button>
          </form>
        </>
      )}
    </div>
  );
}
