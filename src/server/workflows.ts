import { randomBytes } from "node:crypto";
import { data } from "react-router";
import type { WorkflowServices } from "../app/services";
import type { Database } from "../db/database";
import { localizedValue } from "../domain/text-block";
import {
  type DeliveredSubmission,
  type DeliverySettings,
  deliveryItems,
  submittedAnswers,
  webhookReady,
  webhookWarnings,
} from "../integrations/delivery";
import { EMAIL, type EmailMessage } from "../integrations/email";
import { purgeSubmissions, storeSubmission } from "../integrations/submissions/submissions";
import type { Outbox } from "../outbox";
import type { Integrations } from "../workflow/integrations";
import { type Journey, restoreJourney, startJourney } from "../workflow/journey";
import { localizeText } from "../workflow/localize";
import { type OfficeDirectory, officeValue } from "../workflow/office-details";
import { loadWorkflows } from "../workflow/registry";
import { validateAnswers } from "../workflow/validate-port";
import { createCsrf } from "./csrf";
import { createFieldCipher, DecryptError } from "./field-crypto";
import { JourneyBusyError, JourneyLocks } from "./journey-lock";
import { JourneyStore } from "./journey-store";
import { legacySignedValue } from "./legacy-cookie";
import { retentionCutoff, schedulePurges } from "./purge-schedule";
import { type Helpline, receiptEmail } from "./receipt";
import { resumeEmail } from "./resume-email";
import { type BundleSchedule, serviceBundles } from "./service-bundles";
import { isNonEmptyString, type SignedCookie, signedCookie } from "./signed-cookie";
import { type FileStorage, memoryStorage } from "./uploads/file-storage";
import { createUploads } from "./uploads/upload-store";

/**
 * The server side of online services: the services in workflows/, each resident's journey in the
 * database behind a signed cookie, and the integrations a journey may call. Routes reach all of it
 * through the `WorkflowServices` interface (src/app/services.ts).
 */

/** The cookie of a journey through `workflow`: its id, signed, sent to that service's pages only. */
const journeyCookie = (workflow: string, opts: { secrets: readonly string[]; secure: boolean }) =>
  signedCookie(
    `wf_${workflow.replace(/[^a-z0-9-]/gi, "")}`,
    { ...opts, path: `/workflow/${workflow}`, maxAge: 30 * 86400 },
    isNonEmptyString,
  );

/** A request id for the back office: date and six random characters, e.g. REQ-20261122-4F7K2Q. */
function requestId(now: Date): string {
  const alphabet = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
  const suffix = [...randomBytes(6)].map((b) => alphabet[b % alphabet.length]).join("");
  return `REQ-${now.toISOString().slice(0, 10).replace(/-/g, "")}-${suffix}`;
}

/** The city's numbers for questions, from content/site.yaml ("311" when the site file has none). */
function helpline(offices: OfficeDirectory, locale: "en" | "es"): Helpline {
  const phone = (field: string) =>
    localizedValue(officeValue(offices, { type: "content", field }), locale) ?? "311";
  return { main: phone("phones.main"), outside: phone("phones.outside") };
}

export async function createWorkflowServices(opts: {
  dir: string;
  db: Database;
  /** Sign the journey and CSRF cookies: the first signs, every one is accepted (rotation). */
  secrets: readonly string[];
  /** Receipts and saved links are enqueued here; its worker sends them (src/outbox/). */
  outbox: Outbox;
  /** Further integrations by name (lookups, payments); `submit` is built in. */
  integrations?: Record<string, Integrations["call"]>;
  /** Seals answers at rest (DATA_KEY, base64 32 bytes); previous keys still open older rows. */
  dataKey: string;
  previousDataKeys?: string[];
  /** Submissions are deleted this many days after they were made (RETENTION_DAYS; default 730). */
  retentionDays?: number;
  /** Where office details for workflow texts come from (agencies' content; default ../content). */
  contentDir?: string;
  /** Cookies carry `Secure` (the site is served over https; config.secureCookies). */
  secureCookies?: boolean;
  /** The address residents use (config.publicOrigin): links to the site in receipts are built from it. */
  origin?: string;
  /** Where uploaded documents' bytes are kept (default: in memory, for tests and previews). */
  fileStorage?: FileStorage;
  /**
   * The settings delivery webhooks name (config.deliverySetting); without them no webhook is used.
   * E-mail deliveries need none.
   */
  delivery?: DeliverySettings;
  /** When the services' browser bundles are built (default: at once); see serviceBundles. */
  bundles?: BundleSchedule;
  now?: () => Date;
}): Promise<WorkflowServices> {
  const now = opts.now ?? (() => new Date());
  // A refused file is logged with its path and reason; the other services still load.
  const load = async () => {
    const loaded = await loadWorkflows(opts.dir, { contentDir: opts.contentDir });
    for (const p of loaded.problems)
      console.error(`workflow refused: ${p.file}: ${p.path.join(".")}: ${p.message}`);
    // A webhook without its settings is skipped, said once here rather than at every submission.
    const settings = opts.delivery ?? { setting: () => undefined };
    for (const warning of webhookWarnings(loaded.workflows.values(), settings)) console.warn(warning);
    const webhooks = new Set(
      [...loaded.workflows.values()].filter((w) => webhookReady(w, settings)).map((w) => w.name),
    );
    return { ...loaded, bundles: serviceBundles([...loaded.workflows.values()], opts.bundles), webhooks };
  };
  let { workflows, problems, bundles, offices, webhooks } = await load();
  const cipher = createFieldCipher(opts.dataKey, opts.previousDataKeys);
  const store = new JourneyStore<Journey>(opts.db, cipher, now);
  const uploads = createUploads(opts.db, cipher, opts.fileStorage ?? memoryStorage(), now);
  // Expired journeys are forgotten at start-up and every hour, not only when a process restarts,
  // and so are their documents (a sent journey's stay as long as its submission).
  const journeyPurge = schedulePurges(
    { "expired journeys": () => store.purgeExpired(), "documents no longer needed": () => uploads.purge() },
    3600_000,
  );
  await journeyPurge.firstRun;
  const cookies = { secrets: opts.secrets, secure: opts.secureCookies ?? false };
  const csrf = createCsrf(cookies);
  // One per service, made once: each remembers the signatures it has checked (signed-cookie.ts),
  // which a cookie made afresh for every request never did (~10 % of a screen post's time).
  const journeyCookies = new Map<string, SignedCookie<string>>();
  const journeyCookieOf = (name: string) => {
    let cookie = journeyCookies.get(name);
    if (!cookie) {
      cookie = journeyCookie(name, cookies);
      // Only the services there are (a route refuses any other name before it gets here).
      if (workflows.has(name)) journeyCookies.set(name, cookie);
    }
    return cookie;
  };
  // Per-journey exclusivity across every web process on the database (src/server/journey-lock.ts).
  const locks = new JourneyLocks(opts.db);
  const retentionDays = opts.retentionDays ?? 730;
  const retentionPurge = schedulePurges({
    "submissions past their retention": () =>
      purgeSubmissions(opts.db, retentionCutoff(now(), retentionDays)),
    "journey locks of dead processes": () => locks.purgeExpired(),
  });
  await retentionPurge.firstRun;

  const submit =
    (journeyId: string): Integrations["call"] =>
    async (_name, operation, params, answers, context) => {
      const workflow = workflows.get(context.workflow);
      const reference = context.reference ?? "";
      const at = now();
      const result: Record<string, unknown> = { reference, requestId: requestId(at), operation };
      if (typeof params.parcelNumber === "string") result.parcelNumber = params.parcelNumber;
      const to = typeof params.email === "string" ? params.email : undefined;
      // The department's e-mail words the answers as check-answers did, which may take the
      // results of the journey's lookups (choices made from them): read before the transaction.
      // A journey that no longer reads only words those choices less well: it never stops a submission.
      const saved = workflow?.delivery?.email
        ? await store.get(journeyId, context.workflow).then(
            (found) => found?.journey,
            () => undefined,
          )
        : undefined;
      // The receipt and the deliveries are written in the submission's own transaction: stored
      // together or not at all, so a crash after the commit still gets them sent, and a repeated
      // submit never sends them again.
      const { stored, repeated } = await opts.db.transaction(async (tx) => {
        const outcome = await storeSubmission(
          tx,
          {
            reference,
            journeyId,
            workflow: context.workflow,
            requestId: String(result.requestId),
            answers,
            result,
            locale: context.locale,
            createdAt: at.toISOString(),
          },
          cipher,
        );
        if (!outcome.repeated && to && workflow) {
          const payload: EmailMessage = receiptEmail(workflow, outcome.stored.reference, answers, {
            to,
            sentFrom: context.screen,
            locale: context.locale,
            now: at,
            origin: opts.origin,
            phones: helpline(offices, context.locale),
          });
          await opts.outbox.enqueue(tx, { kind: EMAIL, payload });
        }
        if (!outcome.repeated && workflow?.delivery) {
          const submission: DeliveredSubmission = {
            service: context.workflow,
            reference: outcome.stored.reference,
            requestId: outcome.stored.requestId,
            submittedAt: at.toISOString(),
            locale: context.locale,
            answers,
            result: outcome.stored.result,
          };
          const submitted = submittedAnswers(workflow, answers, {
            screen: context.screen,
            reference: outcome.stored.reference,
            stored: saved,
            now: at,
          });
          const items = deliveryItems(workflow, submission, submitted, {
            webhook: webhooks.has(workflow.name),
          });
          for (const item of items) await opts.outbox.enqueue(tx, item);
        }
        return outcome;
      });
      if (!repeated) opts.outbox.wake();
      return stored.result;
    };

  return {
    async reload() {
      ({ workflows, problems, bundles, offices, webhooks } = await load());
    },
    get: (name) => workflows.get(name),
    names: () => [...workflows.keys()],
    problems: () => problems,
    validate: validateAnswers,
    async open(name, cookieHeader) {
      const workflow = workflows.get(name);
      if (!workflow) return undefined;
      const cookie = journeyCookieOf(name);
      const held =
        (await cookie.read(cookieHeader)) ?? legacySignedValue(cookieHeader, cookie.name, opts.secrets);
      if (!held) return undefined;
      const id = held.value;
      // Signed with a previous secret: the same cookie signed with the current one goes back.
      const resigned = held.stale ? { cookie: await cookie.serialize(id) } : {};
      let stored: Awaited<ReturnType<typeof store.get>>;
      try {
        stored = await store.get(id, name);
      } catch (error) {
        // A state that no longer reads (corrupt, tampered) starts afresh; a database error does not.
        if (!(error instanceof SyntaxError || error instanceof DecryptError)) throw error;
        console.warn(`journey of ${name}: unreadable state, started afresh (${error.message})`);
        return { id, journey: startJourney(workflow), ...resigned };
      }
      if (!stored) return undefined;
      // Checked against the workflow as it is now, and cut to what its screens may store.
      const journey = restoreJourney(workflow, stored.journey, { now: now() }) ?? startJourney(workflow);
      return { id: stored.id, journey, resumeToken: stored.resumeToken ?? undefined, ...resigned };
    },
    async start(name, journey, locale) {
      const stored = await store.create(name, journey, locale);
      return { id: stored.id, journey, cookie: await journeyCookieOf(name).serialize(stored.id) };
    },
    save: (id, journey, locale) => store.save(id, journey, locale),
    async emailResumeLink(name, to, link, locale) {
      const service = localizeText(workflows.get(name)?.title ?? name, locale);
      const payload: EmailMessage = resumeEmail({ to, locale, service, link });
      await opts.db.transaction((tx) => opts.outbox.enqueue(tx, { kind: EMAIL, payload }));
      opts.outbox.wake();
    },
    resumeToken: (id) => store.resumeToken(id),
    async resume(name, token) {
      const stored = await store.byResumeToken(token);
      if (!stored || stored.workflow !== name) return undefined;
      return {
        id: stored.id,
        journey: stored.journey,
        locale: stored.locale,
        cookie: await journeyCookieOf(name).serialize(stored.id),
      };
    },
    csrf: (cookieHeader) => csrf.issue(cookieHeader),
    verifyCsrf: (cookieHeader, token) => csrf.verify(cookieHeader, token),
    close() {
      journeyPurge.stop();
      retentionPurge.stop();
    },
    browserBundle: (name) => bundles.urlOf(name),
    browserBundleCode: (url) => bundles.codeAt(url),
    browserBundlesBuilt: () => bundles.ready,
    integrationsFor(journeyId) {
      const table: Record<string, Integrations["call"]> = { ...opts.integrations, submit: submit(journeyId) };
      return {
        call: (name, operation, params, answers, context) => {
          const handler = table[name];
          if (!handler) return Promise.reject(new Error(`no integration named ${name}`));
          return handler(name, operation, params, answers, { ...context, journey: journeyId });
        },
      };
    },
    uploads,
    async exclusive<T>(journeyId: string, work: () => Promise<T>): Promise<T> {
      try {
        return await locks.run(journeyId, work);
      } catch (error) {
        if (!(error instanceof JourneyBusyError)) throw error;
        // Another request has held this journey for 10 s: ask the browser to come back shortly.
        console.warn(error.message);
        throw data(null, { status: 503, headers: { "Retry-After": "5", "Cache-Control": "no-store" } });
      }
    },
  };
}
