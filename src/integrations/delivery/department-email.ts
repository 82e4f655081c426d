import { CITY_TIME_ZONE, formatLongDate } from "../../domain/dates";
import { formatTimeOfDay } from "../../domain/times";
import { ACCEPTED_TYPES, asUploadRef, formatFileSize, uploadFields } from "../../domain/uploads";
import { textFor } from "../../i18n";
import { checkAnswersRows } from "../../workflow/check-answers";
import { type Journey, pathOf } from "../../workflow/journey";
import { localizeText } from "../../workflow/localize";
import { screenNamed } from "../../workflow/screens";
import type { Locale, Workflow } from "../../workflow/types";
import type { EmailMessage } from "../email";
import type { DeliveredSubmission } from "./submission";

/**
 * The e-mail a department's processing inbox gets for each submission: a plain-text summary in
 * the department's language (the service, the reference, the request id, when it came in on the
 * city's clock, the resident's language, then every answer as the check-answers page words it),
 * the documents described (never attached: they stay in the city's storage), and the answers as
 * `<reference>.json` for a case system to import. Its words are in locales/<lang>/email.json
 * ("department").
 */
const clockFormatter = new Intl.DateTimeFormat("en-US", {
  timeZone: CITY_TIME_ZONE,
  hour: "numeric",
  minute: "numeric",
  hourCycle: "h23",
  timeZoneName: "short",
});

/** "June 1, 2026, 8:05 AM EDT" (or "1 de junio de 2026, 8:05 AM EDT"): the city's date and clock. */
export function cityDateTime(at: Date, locale: Locale): string {
  const parts = clockFormatter.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const minutes = (Number(part("hour")) % 24) * 60 + Number(part("minute"));
  return `${formatLongDate(at, locale)}, ${formatTimeOfDay(minutes)} ${part("timeZoneName")}`;
}

/** The file name of the answers: the reference, which is letters and digits only. */
export const answersFileName = (reference: string) =>
  `${/^[A-Za-z0-9-]{1,60}$/.test(reference) ? reference : "submission"}.json`;

/** "deed.pdf (PDF, 2.4 MB)" for every document on the path, in path order. */
function documentLines(workflow: Workflow, journey: Journey, locale: Locale, now: Date): string[] {
  return pathOf(workflow, journey, { now }).screens.flatMap((name) => {
    const screen = screenNamed(workflow, name);
    const answer = journey.answers[name];
    if (!screen?.schema || answer === null || typeof answer !== "object" || Array.isArray(answer)) return [];
    return uploadFields(screen.schema).flatMap((field) => {
      const files = (answer as Record<string, unknown>)[field];
      return (Array.isArray(files) ? files : []).flatMap((entry) => {
        const ref = asUploadRef(entry);
        return ref ? [`${ref.name} (${ACCEPTED_TYPES[ref.type]}, ${formatFileSize(ref.size, locale)})`] : [];
      });
    });
  });
}

/**
 * The department's e-mail for `submission`. `journey` is the resident's journey holding the
 * submitted answers (and the lookups' results their choices were made from), so the answers read
 * as the check-answers page showed them, in `language`.
 */
export function departmentEmail(
  workflow: Workflow,
  submission: DeliveredSubmission,
  journey: Journey,
  opts: { to: string; language: Locale },
): EmailMessage {
  const t = textFor(opts.language, "email");
  const at = new Date(submission.submittedAt);
  const service = localizeText(workflow.title, opts.language);
  const rows = checkAnswersRows(workflow, journey, opts.language, { now: at });
  const documents = documentLines(workflow, journey, opts.language, at);
  const file = answersFileName(submission.reference);
  const answers = rows.length
    ? rows.map((row) => [row.label, ...row.lines.map((line) => `  ${line}`)].join("\n"))
    : [t("department.noAnswers")];
  const heading = t("department.answers");
  const text = [
    t("department.heading", { service }),
    [
      `${t("department.reference")}: ${submission.reference}`,
      `${t("department.requestId")}: ${submission.requestId}`,
      `${t("department.received")}: ${cityDateTime(at, opts.language)}`,
      `${t("department.language")}: ${t(`department.languages.${submission.locale}`)}`,
    ].join("\n"),
    `${heading}\n${"-".repeat(heading.length)}`,
    ...answers,
    ...(documents.length
      ? [`${t("department.documents")}\n${documents.map((line) => `- ${line}`).join("\n")}`]
      : []),
    t("department.attached", { file }),
    t("signature"),
  ].join("\n\n");
  return {
    to: opts.to,
    subject: t("department.subject", { service, reference: submission.reference }),
    text: `${text}\n`,
    attachments: [
      {
        filename: file,
        contentType: "application/json",
        content: `${JSON.stringify(submission, null, 2)}\n`,
      },
    ],
  };
}
