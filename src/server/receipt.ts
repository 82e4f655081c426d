/**
 * The receipt e-mailed when an application is sent: the service, the reference number, and what
 * the confirmation page tells the resident to do or expect (its alerts: documents to send within
 * 48 hours, what happens next), so it is still at hand once the page is closed.
 *
 * E-mails are plain text. A workflow text's links are written as their words with the full
 * address after them, "Apply for the homestead deduction
 * (https://www.cedarport.gov/workflow/homestead-deduction-application)", addresses on the site
 * made absolute with the public origin (PUBLIC_ORIGIN), the one e-mailed links are built from.
 */

import { workflowTextAsPlain } from "../app/components/RichText/workflow-markdown.server";
import { renderTextBlock } from "../domain/text-block";
import { textFor } from "../i18n";
import type { EmailMessage } from "../integrations/email";
import { placeholderContext, shownBlocks } from "../workflow/content";
import { evaluateGuard } from "../workflow/guards";
import { localizeText } from "../workflow/localize";
import { screenNamed } from "../workflow/screens";
import type { Answers, Locale, Screen, Workflow } from "../workflow/types";

/** The city's phone numbers for questions, from content/site.yaml (never retyped here). */
export interface Helpline {
  main: string;
  outside: string;
}

/** The confirmation page these answers lead to from the screen that sent them, if it is one. */
function confirmationAfter(
  workflow: Workflow,
  sentFrom: string,
  answers: Answers,
  now: Date,
): Screen | undefined {
  const next = screenNamed(workflow, sentFrom)?.next.find(
    (transition) => !transition.when || evaluateGuard(transition.when, answers, { now, results: {} }),
  );
  const screen = next && screenNamed(workflow, next.to);
  return screen?.type === "confirmation" ? screen : undefined;
}

/**
 * The alerts of the confirmation page that follows `sentFrom` (the check-answers screen), those that
 * apply to these answers, as plain text: each its title, then its messages, one paragraph each.
 */
export function confirmationNotes(
  workflow: Workflow,
  sentFrom: string,
  answers: Answers,
  opts: { locale: Locale; now: Date; origin?: string },
): string[] {
  const { locale, now } = opts;
  const screen = confirmationAfter(workflow, sentFrom, answers, now);
  if (!screen) return [];
  const state = { answers, results: {} };
  const context = placeholderContext(state, locale, now);
  // As on the page: placeholders are filled only in alerts that declare a replace map. A text
  // picked by an answer is the author's Markdown: its links are written out, as the message's are.
  const fill = (text: string, replace: Parameters<typeof renderTextBlock>[1]) =>
    replace
      ? renderTextBlock(text, replace, context, (value, entry) =>
          entry.type === "byAnswer" ? workflowTextAsPlain(value, locale, opts.origin) : value,
        )
      : text;
  return shownBlocks(screen, state, now).flatMap((block) => {
    if (block.kind !== "alert") return [];
    const messages = (Array.isArray(block.message) ? block.message : [block.message])
      .map((message) =>
        fill(workflowTextAsPlain(localizeText(message, locale), locale, opts.origin), block.replace),
      )
      .filter((message) => message.trim() !== "");
    const title = block.title === undefined ? "" : fill(localizeText(block.title, locale), block.replace);
    const note = [title, ...messages].filter(Boolean).join("\n");
    return note ? [note] : [];
  });
}

/** The receipt for a sent application, in the resident's language (locales/<lang>/email.json). */
export function receiptEmail(
  workflow: Workflow,
  reference: string,
  answers: Answers,
  opts: { to: string; sentFrom: string; locale: Locale; now: Date; origin?: string; phones: Helpline },
): EmailMessage {
  const t = textFor(opts.locale, "email");
  const service = localizeText(workflow.title, opts.locale);
  const notes = confirmationNotes(workflow, opts.sentFrom, answers, opts);
  return {
    to: opts.to,
    subject: t("receipt.subject", { service, reference }),
    text: [
      t("receipt.thanks", { service }),
      t("receipt.reference", { reference }),
      ...notes,
      t("receipt.questions", { ...opts.phones }),
      t("signature"),
    ].join("\n\n"),
  };
}
