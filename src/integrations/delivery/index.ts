import type { OutboxMessage } from "../../outbox";
import { type Journey, pathOf, restoreJourney } from "../../workflow/journey";
import { screenNamed } from "../../workflow/screens";
import type { Answers, Workflow } from "../../workflow/types";
import { EMAIL } from "../email";
import { departmentEmail } from "./department-email";
import type { DeliveredSubmission } from "./submission";
import { WEBHOOK, type WebhookItem, webhookOrderKey } from "./webhook";

/**
 * Where a submission goes besides the staff console: what a service's workflow file declares in
 * `delivery` (docs/workflows.md "Where a submission goes"), as outbox items enqueued in the
 * submission's own transaction, so a delivery is made exactly when a submission is stored, and
 * survives a crash or a receiver that is down.
 */
export { answersFileName, cityDateTime, departmentEmail } from "./department-email";
export type { DeliveredSubmission } from "./submission";
export {
  DELIVERY_HEADER,
  SIGNATURE_HEADER,
  signWebhook,
  verifyWebhookSignature,
  WEBHOOK,
  type WebhookItem,
  webhookHandler,
  webhookOrderKey,
} from "./webhook";

/** Reads a setting by name (src/server/config.ts `deliverySetting`). */
export type Settings = (name: string) => string | undefined;

export interface DeliverySettings {
  setting: Settings;
  /** Webhook addresses must be https:// (a real deployment: the bodies hold personal data). */
  httpsOnly?: boolean;
}

/** Why a workflow's webhook cannot be used as configured, or undefined when it can. */
function webhookProblem(workflow: Workflow, settings: DeliverySettings): string | undefined {
  const webhook = workflow.delivery?.webhook;
  if (!webhook) return undefined;
  const unset = [webhook.urlEnv, webhook.secretEnv].filter((name) => !settings.setting(name));
  if (unset.length > 0) return `${unset.join(" and ")} not set`;
  const url = settings.setting(webhook.urlEnv) ?? "";
  if (!/^https?:\/\//i.test(url)) return `${webhook.urlEnv} is not an http(s):// address`;
  if (settings.httpsOnly && !/^https:\/\//i.test(url)) return `${webhook.urlEnv} must be an https:// address`;
  return undefined;
}

/** Whether a workflow has a webhook and its settings are there; without them it is skipped. */
export function webhookReady(workflow: Workflow, settings: DeliverySettings): boolean {
  return workflow.delivery?.webhook !== undefined && webhookProblem(workflow, settings) === undefined;
}

/**
 * One line per workflow whose webhook cannot be used as configured, logged at start-up: its
 * submissions still reach the staff console (and the e-mail, if it has one), not the webhook.
 * Never a setting's value.
 */
export function webhookWarnings(workflows: Iterable<Workflow>, settings: DeliverySettings): string[] {
  return [...workflows].flatMap((workflow) => {
    const problem = webhookProblem(workflow, settings);
    return problem
      ? [
          `delivery: ${workflow.name}: ${problem}, so its submissions are not sent to its webhook (they still reach the staff console)`,
        ]
      : [];
  });
}

/** The answers of a submission as the check-answers page saw them: a workflow and a journey to read them with. */
export interface SubmittedAnswers {
  workflow: Workflow;
  journey: Journey;
}

/**
 * The journey a submission's answers came from, as the check-answers page saw it: the answers
 * sent, and the results of the lookups their choices were made from (`stored`, the resident's
 * saved journey, when it is still there). When the path can no longer be replayed from them (the
 * results are gone, so a choice made from one no longer holds), the answers are read in the order
 * they were given (the order of the path), each choice as its value: a department never gets a
 * summary that stops half-way.
 */
export function submittedAnswers(
  workflow: Workflow,
  answers: Answers,
  opts: { screen: string; reference: string; stored?: Journey | undefined; now: Date },
): SubmittedAnswers {
  const value: Journey = {
    workflow: workflow.name,
    screen: opts.screen,
    answers,
    results: opts.stored?.results ?? {},
    history: [],
    drafts: {},
    submission: { reference: opts.reference },
  };
  const journey = restoreJourney(workflow, value, { now: opts.now }) ?? value;
  const answered = Object.keys(answers).filter((name) => screenNamed(workflow, name) !== undefined);
  // The replay must get to the screen that sent them: one stopped on the way left the rest out.
  const onPath = new Set(pathOf(workflow, journey, { now: opts.now }).screens);
  if (onPath.has(opts.screen) && answered.every((name) => onPath.has(name))) return { workflow, journey };
  const order = answered.filter((name) => name !== opts.screen);
  const linear: Workflow = {
    ...workflow,
    start: order[0] ?? workflow.start,
    screens: workflow.screens.map(({ choices: _, choiceFilters: __, ...screen }) => {
      const i = order.indexOf(screen.name);
      return i === -1 ? screen : { ...screen, next: [{ to: order[i + 1] ?? opts.screen }] };
    }),
  };
  return { workflow: linear, journey: restoreJourney(linear, value, { now: opts.now }) ?? value };
}

/**
 * The outbox items delivering `submission` of `workflow`: the department's e-mail, and the webhook
 * when `webhook` says its settings are there. `submitted` reads the answers for the e-mail's
 * check-answers wording (`submittedAnswers`).
 */
export function deliveryItems(
  workflow: Workflow,
  submission: DeliveredSubmission,
  submitted: SubmittedAnswers,
  opts: { webhook: boolean },
): OutboxMessage[] {
  const items: OutboxMessage[] = [];
  const email = workflow.delivery?.email;
  if (email) {
    items.push({
      kind: EMAIL,
      payload: departmentEmail(submitted.workflow, submission, submitted.journey, email),
    });
  }
  const webhook = workflow.delivery?.webhook;
  if (webhook && opts.webhook) {
    const payload: WebhookItem = { urlEnv: webhook.urlEnv, secretEnv: webhook.secretEnv, submission };
    items.push({ kind: WEBHOOK, payload, orderKey: webhookOrderKey(workflow.name) });
  }
  return items;
}
