import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form, isRouteErrorResponse, Link, useNavigation, useSubmit } from "react-router";
import { type Answers, ErrorSummary, HintHtml, ScreenForm } from "../../forms/theme/index";
import { validateCompiled } from "../../forms/validation/compiled";
import type { RenderedBlock, RenderedTable } from "../../workflow/content";
import { storableAnswer } from "../../workflow/sensitive";
import type { JSONSchema } from "../../workflow/types";
import { Alert } from "../components/Alert/Alert";
import { ErrorPage, errorStatusOf } from "../components/ErrorPage/ErrorPage";
import { WorkflowText } from "../components/RichText/WorkflowText";
import { ServiceNotice } from "../components/ServiceNotice/ServiceNotice";
import { useTranslation } from "../i18n/use-translation";
import "../components/RichText/RichText.css";
import "./workflow-screen.css";
import { browserJourney, useBrowserJourney } from "../lib/use-browser-journey";
import { isWorkflowProblem, type WorkflowProblem } from "../lib/workflow-http";
import type { ActionErrors } from "../lib/workflow-view";
import type { Route } from "./+types/workflow-screen";

export { action, loader } from "../lib/workflow-screen.server";

/**
 * The document's headers are the route's own: a journey page is never cached anywhere
 * (`Cache-Control: private, no-store` from the loader), and a refused action keeps what it says
 * (e.g. `Retry-After` on a 429).
 */
export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const merged = new Headers(loaderHeaders);
  for (const [name, value] of actionHeaders) merged.set(name, value);
  return merged;
}

/**
 * With JavaScript, a screen the browser has moved the journey to is shown from the browser's own
 * copy (lib/browser-journey.ts); anything else comes from the server, once the answers given in
 * the browser have reached it.
 */
export async function clientLoader({ request, params, serverLoader }: Route.ClientLoaderArgs) {
  const journey = await browserJourney();
  const local = await journey.view(request, params.name, params.screen);
  if (local) return local;
  await journey.synced();
  return serverLoader();
}

/** "Continue" is answered in the browser when it can be; everything else by the server. */
export async function clientAction({ request, params, serverAction }: Route.ClientActionArgs) {
  const journey = await browserJourney();
  const local = await journey.answer(request, params.name, params.screen);
  if (local) return local;
  await journey.synced();
  return serverAction();
}

function ResultsTable({ table }: { table: RenderedTable }) {
  if (table.rows.length === 0) return <p className="cp-workflow__empty">{table.empty}</p>;
  return (
    <div className="cp-rich-text cp-workflow__table">
      <table>
        {table.caption && <caption>{table.caption}</caption>}
        <thead>
          <tr>
            {table.headers.map((header, i) => (
              <th key={i} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) => (
                <td key={c} data-label={table.headers[c]}>
                  {typeof cell === "string" ? cell : <a href={cell.href}>{cell.text}</a>}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The screen's hint under its title: sanitised HTML when written with links or emphasis. */
/** A block placed below the questions (next to the answer it concerns), not above them. */
const isAfter = (block: RenderedBlock) => block.placement === "after-questions";

function ContentBlocks({ blocks }: { blocks: readonly RenderedBlock[] }) {
  return blocks.map((block, i) =>
    block.kind === "text" ? (
      <WorkflowText key={i} html={block.html} />
    ) : block.kind === "table" ? (
      <ResultsTable key={i} table={block} />
    ) : (
      <Alert key={i} alertType={block.alertType} title={block.title} allowClose={false}>
        {block.messages.map((html, j) => (
          <WorkflowText key={j} html={html} className="usa-alert__text" />
        ))}
      </Alert>
    ),
  );
}

function ScreenHint({ hint, html }: { hint: string; html: Readonly<Record<string, string>> }) {
  if (!Object.hasOwn(html, hint)) return <p className="usa-hint">{hint}</p>;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised when the workflows were loaded
  return <p className="usa-hint" dangerouslySetInnerHTML={{ __html: html[hint] ?? "" }} />;
}

/**
 * A new screen shown without a page load is announced as a page load would be: focus moves to
 * its heading, so a screen reader reads where the resident now is (and Tab starts from there).
 * The first screen of a visit is a real page load, which the browser announces itself.
 */
function useFocusOnNewScreen(screen: string) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(screen);
  useEffect(() => {
    if (shown.current === screen) return;
    shown.current = screen;
    heading.current?.focus();
  }, [screen]);
  return heading;
}

/** The CSRF token every form of a screen posts (src/server/csrf.ts); plain posts read `_csrf`. */
function Csrf({ token }: { token: string }) {
  return <input type="hidden" name="_csrf" value={token} />;
}

/**
 * "Change" on check-answers is a form, not a link: moving the journey is a POST, so a link from
 * another site cannot do it. It looks like a link and keeps its name ("Change <label>").
 */
function ChangeButton({
  action,
  csrf,
  screen,
  children,
}: {
  action: string;
  csrf: string;
  screen: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action} className="cp-workflow__change">
      <Csrf token={csrf} />
      <input type="hidden" name="_screen" value={screen} />
      <button className="usa-button usa-button--unstyled" type="submit" name="_intent" value="change">
        {children}
      </button>
    </Form>
  );
}

const PROBLEM_TITLES: Record<WorkflowProblem, string> = {
  cookies: "problems.cookiesTitle",
  expired: "problems.expiredTitle",
};

/** A page that says why an online service cannot go on here, and what to do instead. */
function ProblemPage({ reason }: { reason: WorkflowProblem }) {
  const { t } = useTranslation("workflow-ui");
  const title = t(PROBLEM_TITLES[reason]);
  return (
    <div className="cp-container cp-workflow">
      <title>{title}</title>
      <h1>{title}</h1>
      {reason === "cookies" ? (
        <>
          <p>{t("problems.cookiesBody")}</p>
          <p>{t("problems.cookiesWhat")}</p>
          <ul className="usa-list">
            <li>{t("problems.cookiesTurnOn")}</li>
            <li>{t("problems.cookiesInstead")}</li>
          </ul>
        </>
      ) : (
        <p>{t("problems.expiredBody")}</p>
      )}
      <p>
        <a href="/">{t("ui:errorPage.home")}</a>
      </p>
    </div>
  );
}

/** Cookies off or an expired form: our own page (403); anything else as the site shows errors. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation("common");
  if (isRouteErrorResponse(error) && isWorkflowProblem(error.data))
    return <ProblemPage reason={error.data.problem} />;
  if (!isRouteErrorResponse(error)) console.error(error);
  const status = errorStatusOf(isRouteErrorResponse(error) ? error.status : 500);
  return (
    <>
      <title>{t(`errors.title${status}`)}</title>
      <ErrorPage status={status} />
    </>
  );
}

/**
 * One empty list for every render: ScreenForm takes a new `errors` list as the server's new
 * answer and drops the problems the browser found itself.
 */
const NO_ERRORS: ActionErrors["errors"] = [];

/** The "saved" page's own address: after sending its form the panel stays on screen. */
const withSaved = (href: string) => `${href}${href.includes("?") ? "&" : "?"}saved=1`;

/** "Error: " first when the page sent back to a plain form post shows refused answers. */
export const meta = ({ data: d, error }: Route.MetaArgs) =>
  d && !error
    ? [
        { title: `${d.titlePrefix}${d.screen.title} | ${d.service}` },
        { name: "description", content: d.description },
      ]
    : [];

/**
 * With JavaScript the errors come without a page load (the browser's own check, or the action's
 * data): the title says "Error: " while they are shown, as the server's page does.
 */
function useErrorTitle(hasErrors: boolean, prefix: string, title: string) {
  useEffect(() => {
    document.title = `${hasErrors ? prefix : ""}${title}`;
  }, [hasErrors, prefix, title]);
}

/** "Start a new application" (or search): a POST to the service's address makes a new journey. */
function RestartButton({ action, csrf, children }: { action: string; csrf: string; children: ReactNode }) {
  // A whole page load, so the browser's own copy of the finished journey is left behind too.
  return (
    <form method="post" action={action} className="cp-workflow__restart">
      <Csrf token={csrf} />
      <button className="usa-button usa-button--outline" type="submit">
        {children}
      </button>
    </form>
  );
}

/**
 * Fields the browser's own check refused never reach the server: say which (names only, no
 * answer, no cookie) so the service's dashboard counts the questions that confuse people with
 * JavaScript too. Fire and forget: a lost count never troubles the resident.
 */
function reportRefusals(service: string, screen: string, locale: string, found: readonly { path: string }[]) {
  const body = JSON.stringify({ service, screen, locale, fields: [...new Set(found.map((e) => e.path))] });
  try {
    navigator.sendBeacon?.("/api/v1/metrics/refusals", new Blob([body], { type: "application/json" }));
  } catch {
    // A browser without beacons, or one that refuses this one: nothing is counted.
  }
}

export default function WorkflowScreen({ loaderData, actionData: posted }: Route.ComponentProps) {
  // Back from a provider's page, the loader says what the sending's call refused (a cancelled payment).
  const actionData = posted ?? ("refusal" in loaderData ? loaderData.refusal : null) ?? undefined;
  const { t } = useTranslation("workflow-ui");
  const submit = useSubmit();
  const navigation = useNavigation();
  const {
    screen,
    service,
    progress,
    back,
    content,
    rows,
    confirmation,
    saved,
    action,
    locale,
    csrf,
    tool,
    hintHtml,
  } = loaderData;
  const validators = useBrowserJourney(loaderData);
  const emailError = actionData?.emailErrors?.[0]?.message;
  const errors = actionData?.errors ?? NO_ERRORS;
  const busy = navigation.state !== "idle";
  const continueLabel = screen.buttonLabel ?? t("workflow:common.continue");
  const heading = useFocusOnNewScreen(screen.name);
  const hasForm = (screen.type === "question" || screen.type === "lookup") && screen.schema !== undefined;
  // Check-answers may ask questions of its own at sending (the terms, the card to pay with).
  const checkAnswers = screen.type === "check-answers";
  const sendIntent = checkAnswers ? "submit" : "continue";
  const screenErrors = actionData?.screenErrors ?? [];
  // Problems the browser found itself (with JavaScript) count too, on the screen they were found on.
  const [browserErrors, setBrowserErrors] = useState({ screen: "", count: 0 });
  const hasErrors =
    errors.length > 0 ||
    screenErrors.length > 0 ||
    emailError !== undefined ||
    (browserErrors.screen === screen.name && browserErrors.count > 0);
  useErrorTitle(hasErrors, t("errorTitle"), `${screen.title} | ${service}`);
  // A refused send (a declined card) asks for the card again, as the page without JavaScript
  // does: the form starts over from what may be kept of what was sent, never a writeOnly field
  // (card number, security code, account number), which the browser must not keep either.
  const sent = useRef<Answers | null>(null);
  const [retry, setRetry] = useState<{ count: number; after?: unknown; answers?: Answers }>({ count: 0 });
  useEffect(() => {
    const answers = sent.current;
    sent.current = null;
    if (!answers || !actionData) return;
    const kept = (storableAnswer(screen.schema as JSONSchema | undefined, answers) ?? {}) as Answers;
    setRetry((r) => ({ count: r.count + 1, after: actionData, answers: kept }));
  }, [actionData, screen.schema]);

  return (
    <div className="cp-container cp-workflow">
      {back && (
        <p>
          <Link className="cp-back-link" to={back}>
            {t("workflow:common.back")}
          </Link>
        </p>
      )}
      <p className="cp-workflow__service">{service}</p>
      {progress && (
        <p className="cp-workflow__progress">
          {t("workflow:common.step", { step: progress.step, total: progress.total })}
        </p>
      )}
      {emailError && (
        <ErrorSummary
          id="resume-email-summary"
          locale={locale}
          items={[{ text: emailError, targetId: "resume-email" }]}
        />
      )}
      {saved && (
        <Alert alertType="success" title={t("saved.title")} allowClose={false}>
          <p>{t("saved.body")}</p>
          <p className="cp-workflow__link">
            <a href={saved}>{saved}</a>
          </p>
          {loaderData.sent ? (
            <p role="status">{t("saved.sent")}</p>
          ) : (
            <Form method="post" action={withSaved(action)} className="cp-workflow__email-link" noValidate>
              <Csrf token={csrf} />
              <div className={`usa-form-group${emailError ? " usa-form-group--error" : ""}`}>
                <label className="usa-label" htmlFor="resume-email">
                  {t("saved.emailLabel")}
                </label>
                {emailError && (
                  <span className="usa-error-message" id="resume-email-error">
                    {emailError}
                  </span>
                )}
                <input
                  className={`usa-input${emailError ? " usa-input--error" : ""}`}
                  id="resume-email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  aria-invalid={emailError ? true : undefined}
                  aria-describedby={emailError ? "resume-email-error" : undefined}
                />
              </div>
              <button
                className="usa-button usa-button--outline"
                type="submit"
                name="_intent"
                value="email-link"
              >
                {t("saved.emailButton")}
              </button>
            </Form>
          )}
        </Alert>
      )}
      {screen.type === "confirmation" && confirmation ? (
        <div className="usa-alert usa-alert--success cp-workflow__panel">
          <div className="usa-alert__body">
            <h1 className="usa-alert__heading" ref={heading} tabIndex={-1}>
              {screen.title}
            </h1>
            {confirmation.reference && (
              <p>
                {t("confirmation.reference")}{" "}
                <strong className="cp-workflow__reference">{confirmation.reference}</strong>
              </p>
            )}
            {confirmation.requestId && (
              <p>
                {t("confirmation.requestId")} <strong>{confirmation.requestId}</strong>
              </p>
            )}
            {confirmation.parcelNumber && (
              <p>
                {t(
                  confirmation.parcelNumber.includes(",")
                    ? "confirmation.parcelNumbers"
                    : "confirmation.parcelNumber",
                )}{" "}
                <strong>{confirmation.parcelNumber}</strong>
              </p>
            )}
          </div>
        </div>
      ) : (
        <h1 ref={heading} tabIndex={-1}>
          {screen.title}
        </h1>
      )}
      {screen.hint && <ScreenHint hint={screen.hint} html={hintHtml} />}
      {/* The service's notice ("call 911"), on every screen, above whatever the screen says. */}
      {loaderData.notice && <ServiceNotice notice={loaderData.notice} />}
      <ContentBlocks
        blocks={hasForm || checkAnswers ? content.filter((block) => !isAfter(block)) : content}
      />

      {checkAnswers && (
        <>
          {/* The same summary as a question screen's; each problem opens its screen ("Change"). */}
          <ErrorSummary
            locale={locale}
            items={[
              // A screen with questions of its own lists their problems in its form's summary.
              ...(screen.schema ? [] : errors.map((e) => ({ text: e.message, targetId: null }))),
              ...screenErrors.map((e) => ({
                text: e.message,
                targetId: null,
                action: (
                  <ChangeButton action={action} csrf={csrf} screen={e.screen}>
                    {e.message}
                  </ChangeButton>
                ),
              })),
            ]}
          />
          <dl className="cp-summary-list">
            {rows.map((row) => (
              <div className="cp-summary-list__row" key={`${row.screen}${row.key}`}>
                <dt>{row.label}</dt>
                <dd>
                  {row.lines.map((line, i) => (
                    <span key={i} className="cp-summary-list__line">
                      {line}
                    </span>
                  ))}
                </dd>
                <dd>
                  <ChangeButton action={action} csrf={csrf} screen={row.changeTo}>
                    {t("workflow:common.change")}
                    <span className="usa-sr-only"> {row.label}</span>
                  </ChangeButton>
                </dd>
              </div>
            ))}
          </dl>
          {/* On check-answers, "after the questions" is after the answers: the amounts to pay. */}
          <ContentBlocks blocks={content.filter(isAfter)} />
          {!screen.schema && (
            <Form
              method="post"
              action={action}
              onSubmit={(event) => {
                // Sent as every other screen's enhanced form sends (JSON), so the service's dashboard
                // counts this sending with the journeys that ran with JavaScript.
                event.preventDefault();
                submit({ intent: "submit", answers: {}, csrf } as never, {
                  method: "post",
                  action,
                  encType: "application/json",
                });
              }}
            >
              <Csrf token={csrf} />
              <button className="usa-button" type="submit" name="_intent" value="submit" disabled={busy}>
                {screen.buttonLabel ?? t("submit")}
              </button>
            </Form>
          )}
        </>
      )}

      {(hasForm || checkAnswers) && screen.schema && (
        <HintHtml.Provider value={hintHtml}>
          <ScreenForm
            key={`${screen.name}#${retry.count}`}
            schema={screen.schema}
            uiSchema={screen.uiSchema}
            formData={actionData && retry.after === actionData ? retry.answers : loaderData.formData}
            errors={errors}
            locale={locale}
            action={action}
            hidden={{ _csrf: csrf }}
            validate={(answers, submitter) => {
              // The same catalogue as the server, compiled ahead of time; Save never waits on it.
              const check = validators?.[screen.name];
              if (!check || (submitter?.value ?? sendIntent) !== sendIntent) return [];
              return validateCompiled(check, answers, { locale, now: new Date(), schema: screen.schema });
            }}
            onValidated={(found) => {
              setBrowserErrors({ screen: screen.name, count: found.length });
              if (found.length > 0) reportRefusals(loaderData.name, screen.name, locale, found);
            }}
            onSubmit={(answers, submitter) => {
              const intent = submitter?.value ?? sendIntent;
              if (checkAnswers && intent === "submit") sent.current = answers;
              submit({ intent, answers, csrf } as never, {
                method: "post",
                action,
                encType: "application/json",
              });
            }}
          >
            {!checkAnswers && <ContentBlocks blocks={content.filter(isAfter)} />}
            <div className="cp-workflow__buttons">
              <button className="usa-button" type="submit" name="_intent" value={sendIntent} disabled={busy}>
                {checkAnswers ? (screen.buttonLabel ?? t("submit")) : continueLabel}
              </button>
              {!tool && !checkAnswers && (
                <button className="usa-button usa-button--unstyled" type="submit" name="_intent" value="save">
                  {t("saveForLater")}
                </button>
              )}
            </div>
          </ScreenForm>
        </HintHtml.Provider>
      )}

      {screen.type === "confirmation" && (
        <p className="cp-workflow__print">
          <button
            type="button"
            className="usa-button usa-button--outline cp-js-only"
            onClick={() => window.print()}
          >
            {t("workflow:common.print")}
          </button>
        </p>
      )}
      {screen.type === "confirmation" && loaderData.statusPage && (
        <p>
          <a href={loaderData.statusPage.href}>{t(loaderData.statusPage.label)}</a>
        </p>
      )}
      {(screen.type === "confirmation" || (tool && screen.type === "exit")) && (
        <RestartButton action={loaderData.restart} csrf={csrf}>
          {tool ? t("again.tool") : t("again.application")}
        </RestartButton>
      )}
      {(screen.type === "confirmation" || screen.type === "exit") && (
        <p>
          <a href="/">{t("ui:errorPage.home")}</a>
        </p>
      )}
    </div>
  );
}
