import { data, redirect } from "react-router";
import { formatCityTime } from "../../../back-office/city-time";
import { NOTE_LIMIT } from "../../../back-office/limits";
import { statusLabel } from "../../../back-office/statuses";
import { ACCEPTED_TYPES, formatFileSize } from "../../../domain/uploads";
import { ErrorSummary } from "../../../forms/theme/ErrorSummary";
import { localizeText } from "../../../workflow/localize";
import { normalizeReference } from "../../../workflow/reference";
import { StaffForm, StaffPost } from "../../components/staff/StaffForm";
import { TextField } from "../../components/TextField/TextField";
import { useTranslation } from "../../i18n/use-translation";
import { notFound } from "../../lib/http";
import { orForbidden, requireStaff, STAFF_HEADERS, staffForm } from "../../lib/staff.server";
import { withLang } from "../../lib/staff-links";
import type { Route } from "./+types/submission";

/**
 * One submission: the answers as check-your-answers showed them to the resident, where it stands,
 * who has it, its history; forms to change the status (with a note the resident reads), assign
 * it, and add a note for staff only; each uploaded document a link that downloads it
 * (./document.ts). Each form posts here and comes back with a GET (PRG), so a reload never posts
 * twice.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const session = await requireStaff(context, request);
  const reference = normalizeReference(params.reference);
  if (!reference) throw notFound();
  const view = await orForbidden(() => context.services.backOffice.view(session, reference, context.locale));
  if (!view) throw notFound();
  const { locale } = context;
  const service = localizeText(view.workflow.title, locale);
  const label = (id: string | null) =>
    statusLabel(view.statuses.find((s) => s.id === id) ?? view.status, locale);
  const saved = new URL(request.url).searchParams.get("saved");
  return data(
    {
      locale,
      csrf: session.csrf,
      me: session.account.email,
      reference,
      service,
      inboxHref: withLang(`/staff/services/${view.workflow.name}`, locale),
      received: formatCityTime(view.row.receivedAt, locale),
      requestId: view.submission.requestId,
      language: view.row.locale === "es" ? "Español" : "English",
      status: { id: view.status.id, label: statusLabel(view.status, locale) },
      statuses: view.statuses.map((s) => ({ id: s.id, label: statusLabel(s, locale) })),
      assignee: view.row.assignee,
      answers: view.answers.map((a) => ({
        key: `${a.screen}${a.key}`,
        label: a.label,
        lines: a.lines,
        // Each document a link that downloads it, with its type and size (the lines say the same).
        documents: (a.documents ?? []).map((ref) => ({
          id: ref.id,
          name: ref.name,
          href: `/staff/submissions/${reference}/documents/${encodeURIComponent(ref.id)}`,
          type: ACCEPTED_TYPES[ref.type],
          size: formatFileSize(ref.size, locale),
        })),
      })),
      events: view.events.map((e) => ({
        id: e.id,
        at: formatCityTime(e.at, locale),
        actor: e.actor,
        kind: e.kind,
        status: e.kind === "status" ? label(e.status) : "",
        note: e.note,
      })),
      saved: saved === "status" || saved === "assign" || saved === "note" ? saved : undefined,
    },
    { headers: STAFF_HEADERS },
  );
}

/** The field each form's problem is shown on. */
const problemTarget: Record<string, string> = {
  status: "staff-status-note",
  assign: "staff-assignee",
  note: "staff-internal-note",
};

type Problem = "conflict" | "noteTooLong" | "noteEmpty" | "badAssignee";

export async function action({ context, request, params }: Route.ActionArgs) {
  const { session, form } = await staffForm(context, request);
  const reference = normalizeReference(params.reference);
  if (!reference) throw notFound();
  const { backOffice } = context.services;
  const field = (name: string) => String(form.get(name) ?? "");
  const refuse = (problem: Problem, intent: string) =>
    data({ problem, intent }, { status: problem === "conflict" ? 409 : 400, headers: STAFF_HEADERS });
  const intent = field("intent");
  const done = (saved: string) =>
    redirect(withLang(`/staff/submissions/${reference}?saved=${saved}`, context.locale), {
      headers: STAFF_HEADERS,
    });
  return orForbidden(async () => {
    if (intent === "status") {
      const note = field("note");
      if (note.length > NOTE_LIMIT) return refuse("noteTooLong", intent);
      try {
        await backOffice.changeStatus(session, reference, {
          status: field("status"),
          note,
          shown: field("shown"),
        });
      } catch (error) {
        if (error instanceof Error && error.name === "ConflictError") return refuse("conflict", intent);
        if (error instanceof RangeError) throw data(null, { status: 400, headers: STAFF_HEADERS });
        throw error;
      }
      return done("status");
    }
    if (intent === "assign") {
      const to = field("assignee").trim().toLowerCase();
      if (to && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to)) return refuse("badAssignee", intent);
      await backOffice.assign(session, reference, to || null);
      return done("assign");
    }
    if (intent === "note") {
      const note = field("note");
      if (!note.trim()) return refuse("noteEmpty", intent);
      if (note.length > NOTE_LIMIT) return refuse("noteTooLong", intent);
      await backOffice.addNote(session, reference, note);
      return done("note");
    }
    throw data(null, { status: 400, headers: STAFF_HEADERS });
  });
}

export const meta = () => [{ name: "robots", content: "noindex, nofollow" }];

export default function StaffSubmission({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  const problem = actionData?.problem;
  const problemText = problem && t(`case.${problem}`, { max: NOTE_LIMIT });
  const errorOn = (intent: string) =>
    actionData?.intent === intent && problem !== "conflict" ? problemText : undefined;
  const eventText = (e: (typeof d.events)[number]) =>
    e.kind === "assign"
      ? e.note
        ? t("case.event.assign", { actor: e.actor, assignee: e.note })
        : t("case.event.unassign", { actor: e.actor })
      : t(`case.event.${e.kind}`, { actor: e.actor, status: e.status });
  const action = withLang(`/staff/submissions/${d.reference}`, d.locale);
  return (
    <div className="cp-container cp-staff">
      <title>{`${problem ? `${t("forms:errorSummaryTitle")}: ` : ""}${t("case.title", { reference: d.reference })}: ${t("console")}`}</title>
      <p>
        <a className="cp-back-link" href={d.inboxHref}>
          {t("case.back", { service: d.service })}
        </a>
      </p>
      {problemText && (
        <ErrorSummary
          locale={d.locale}
          items={[{ text: problemText, targetId: problemTarget[actionData?.intent ?? ""] ?? null }]}
        />
      )}
      {d.saved && (
        <div className="usa-alert usa-alert--success usa-alert--slim" role="status">
          <div className="usa-alert__body">
            <p className="usa-alert__text">
              {d.saved === "status"
                ? t("case.statusSaved", { status: d.status.label })
                : t(`case.${d.saved}Saved`)}
            </p>
          </div>
        </div>
      )}
      <h1>{t("case.title", { reference: d.reference })}</h1>
      <dl className="cp-staff-facts">
        <dt>{t("case.service")}</dt>
        <dd>{d.service}</dd>
        <dt>{t("case.received")}</dt>
        <dd>{d.received}</dd>
        <dt>{t("case.status")}</dt>
        <dd>
          <strong>{d.status.label}</strong>
        </dd>
        <dt>{t("case.assignee")}</dt>
        <dd>{d.assignee ?? t("inbox.nobody")}</dd>
        <dt>{t("case.language")}</dt>
        <dd>{d.language}</dd>
        <dt>{t("case.requestId")}</dt>
        <dd>{d.requestId}</dd>
      </dl>

      <div className="cp-staff-columns">
        <section aria-labelledby="staff-answers" className="cp-staff-columns__main">
          <h2 id="staff-answers">{t("case.answers")}</h2>
          {d.answers.length === 0 ? (
            <p>{t("case.noAnswers")}</p>
          ) : (
            <dl className="cp-summary-list">
              {d.answers.map((a) => (
                <div key={a.key} className="cp-summary-list__row">
                  <dt>{a.label}</dt>
                  <dd>
                    {a.documents.length > 0 ? (
                      <ul className="cp-staff-documents">
                        {a.documents.map((doc) => (
                          <li key={doc.id}>
                            {/* Named by the file alone; what it is and that it downloads, said after it. */}
                            <a href={doc.href} aria-describedby={`staff-document-${doc.id}`}>
                              {doc.name}
                            </a>{" "}
                            <span id={`staff-document-${doc.id}`}>
                              {t("case.document", { type: doc.type, size: doc.size })}
                            </span>
                          </li>
                        ))}
                      </ul>
                    ) : (
                      a.lines.map((line, i) => (
                        <span key={i} className="cp-summary-list__line">
                          {line}
                        </span>
                      ))
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </section>

        <div className="cp-staff-columns__side">
          <StaffForm
            id="staff-change-status"
            heading={t("case.changeStatus")}
            action={action}
            csrf={d.csrf}
            intent="status"
          >
            <input type="hidden" name="shown" value={d.status.id} />
            <div className="usa-form-group">
              <label className="usa-label" htmlFor="staff-status">
                {t("case.newStatus")}
              </label>
              <select className="usa-select" id="staff-status" name="status" defaultValue={d.status.id}>
                {d.statuses.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.label}
                  </option>
                ))}
              </select>
            </div>
            <TextField
              id="staff-status-note"
              name="note"
              label={t("case.note")}
              hint={t("case.noteHint")}
              error={errorOn("status")}
              rows={4}
              maxLength={NOTE_LIMIT}
            />
            <button type="submit" className="usa-button">
              {t("case.saveStatus")}
            </button>
          </StaffForm>

          <StaffForm
            id="staff-assign"
            heading={t("case.assign")}
            action={action}
            csrf={d.csrf}
            intent="assign"
            after={
              d.assignee !== d.me && (
                <StaffPost action={action} csrf={d.csrf} intent="assign">
                  <input type="hidden" name="assignee" value={d.me} />
                  <button type="submit" className="usa-button usa-button--outline">
                    {t("case.assignMe")}
                  </button>
                </StaffPost>
              )
            }
          >
            <TextField
              id="staff-assignee"
              name="assignee"
              label={t("case.assignTo")}
              hint={t("case.assignHint")}
              error={errorOn("assign")}
              type="email"
              defaultValue={d.assignee ?? ""}
            />
            <button type="submit" className="usa-button usa-button--outline">
              {t("case.saveAssign")}
            </button>
          </StaffForm>

          <StaffForm
            id="staff-note"
            heading={t("case.internalNote")}
            action={action}
            csrf={d.csrf}
            intent="note"
          >
            <TextField
              id="staff-internal-note"
              name="note"
              label={t("case.internalNoteLabel")}
              error={errorOn("note")}
              rows={4}
              maxLength={NOTE_LIMIT}
            />
            <button type="submit" className="usa-button usa-button--outline">
              {t("case.saveNote")}
            </button>
          </StaffForm>
        </div>
      </div>

      <section aria-labelledby="staff-history">
        <h2 id="staff-history">{t("case.history")}</h2>
        {d.events.length === 0 ? (
          <p>{t("case.noHistory")}</p>
        ) : (
          <ol className="cp-staff-history">
            {d.events.map((e) => (
              <li key={e.id}>
                <p className="cp-staff-history__what">
                  <time>{e.at}</time> · {eventText(e)}
                </p>
                {e.kind !== "assign" && e.note && <p className="cp-staff-history__note">{e.note}</p>}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
