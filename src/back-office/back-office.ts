import type { Database } from "../db/database";
import { addDays, parseIsoDate } from "../domain/dates";
import type { Locale } from "../domain/localize";
import type { UploadRef } from "../domain/uploads";
import {
  DEDUCTION_APPLICATIONS,
  SUBMISSION_STATUS,
  type SubmissionStatusChange,
} from "../integrations/deduction-applications";
import { EMAIL } from "../integrations/email";
import { normalizeParcelNumber } from "../integrations/property-records";
import type { Sealer, Submission } from "../integrations/submissions/submissions";
import { listDead, type Outbox, replayDead } from "../outbox";
import type { Uploads } from "../server/uploads/upload-store";
import { type CheckAnswersRow, checkAnswersRows } from "../workflow/check-answers";
import { screenForm } from "../workflow/form";
import { readField } from "../workflow/guards";
import { startJourney } from "../workflow/journey";
import { localizeText } from "../workflow/localize";
import { normalizeReference } from "../workflow/reference";
import { isQuestionType } from "../workflow/screens";
import type { Workflow } from "../workflow/types";
import { mayOpen, type SignIn, type StaffAccount, signIn } from "./accounts";
import {
  type AuditEntry,
  addEvent,
  audit,
  type CaseEvent,
  type CaseRow,
  countByStatus,
  eachCase,
  findCase,
  journeyOf,
  listAudit,
  listCases,
  listEvents,
  openCase,
  purgeOrphanEvents,
  setAssignee,
  setStatus,
} from "./cases";
import { cityDayStart } from "./city-time";
import { casesCsv } from "./csv";
import { NOTE_LIMIT } from "./limits";
import { createMetricBuffer } from "./metric-buffer";
import { type Dashboard, dashboard, type MetricContext, recordCompletion } from "./metrics";
import { endSession, readSession, type StaffSession, sessionCookie, startSession } from "./sessions";
import { type IdpSignInService, idpSignIn, type SignInWith } from "./staff-sign-in";
import { statusEmail } from "./status-email";
import {
  type Bucket,
  bucketOf,
  currentStatus,
  type Status,
  statusesOf,
  statusIdsIn,
  statusLabel,
} from "./statuses";

/**
 * The back office (issue 16): staff sign in, read what residents sent to the services they work
 * on, say where each stands, and residents look that up. Routes under /staff and /request-status
 * reach it through `AppServices.backOffice`; every act is checked against the session's role here,
 * not in the routes, and written to the audit log.
 */
export class Forbidden extends Error {
  override name = "Forbidden";
}

export interface ServiceSummary {
  name: string;
  title: string;
  counts: Record<Bucket, number>;
}

export interface CaseView {
  row: CaseRow;
  workflow: Workflow;
  status: Status;
  statuses: readonly Status[];
  submission: Submission;
  answers: CheckAnswersRow[];
  events: CaseEvent[];
}

export interface InboxPage {
  rows: (CaseRow & { statusLabel: string })[];
  total: number;
  page: number;
  pageSize: number;
  bucket: Bucket | "all";
}

export interface InboxFilter {
  bucket: Bucket | "all";
  /** A reference, or words found in the answers (a name, an address, an e-mail). */
  q?: string | undefined;
  /** YYYY-MM-DD, the city's days received. */
  from?: string | undefined;
  to?: string | undefined;
  page: number;
}

/** What a resident sees of their request: where it stands and how it got there. */
export interface ResidentStatus {
  reference: string;
  service: string;
  receivedAt: string;
  status: string;
  final: boolean;
  history: { at: string; status: string; note: string | null }[];
}

export interface BackOffice extends IdpSignInService {
  /** The session the request's cookie opens, if any. */
  session(cookieHeader: string | null): Promise<StaffSession | undefined>;
  /** E-mail and password; refused (`off`) while the identity provider is the only way in. */
  signIn(credentials: {
    email: string;
    password: string;
    code?: string;
  }): Promise<(SignIn | { ok: false; reason: "off" }) & { cookie?: string }>;
  /** Ends the session; returns the Set-Cookie that removes it from the browser. */
  signOut(cookieHeader: string | null): Promise<string>;
  services(session: StaffSession, locale: Locale): Promise<ServiceSummary[]>;
  inbox(session: StaffSession, workflow: string, filter: InboxFilter, locale: Locale): Promise<InboxPage>;
  view(session: StaffSession, reference: string, locale: Locale): Promise<CaseView | undefined>;
  /** `shown`: the status the page showed; another's change since then is a ConflictError. */
  changeStatus(
    session: StaffSession,
    reference: string,
    change: { status: string; note: string; shown?: string | undefined },
  ): Promise<void>;
  assign(session: StaffSession, reference: string, assignee: string | null): Promise<void>;
  addNote(session: StaffSession, reference: string, note: string): Promise<void>;
  /**
   * A document the resident uploaded with this submission: its stored name, type and size, and its
   * bytes opened; written to the audit log. Undefined when this submission's journey did not
   * store it (another submission's id, an unknown one) or its file is gone.
   */
  document(
    session: StaffSession,
    reference: string,
    id: string,
  ): Promise<{ ref: UploadRef; bytes: Buffer } | undefined>;
  exportCsv(session: StaffSession, workflow: string, filter: InboxFilter, locale: Locale): Promise<string>;
  auditLog(
    session: StaffSession,
    page: number,
  ): Promise<{ rows: AuditEntry[]; total: number; pageSize: number }>;
  /** A resident's lookup: the reference and one check (their e-mail or the parcel number). */
  residentStatus(reference: string, check: string, locale: Locale): Promise<ResidentStatus | undefined>;
  purge(): Promise<number>;
  /**
   * Counts what a journey did, for the dashboard: in memory, written every few seconds
   * (metric-buffer.ts), so the resident's request neither waits for it nor fails with it.
   */
  track(
    event: "start" | "answer" | "error",
    context: MetricContext,
    where?: { screen?: string; field?: string },
  ): void;
  /** Counts a journey sent, with its duration. */
  completed(journeyId: string, context: MetricContext): Promise<void>;
  performance(session: StaffSession, workflow: string, days: number, locale: Locale): Promise<Performance>;
  /** Administrators: e-mails and deliveries that failed every attempt, newest first. */
  deadDeliveries(session: StaffSession): Promise<DeadDelivery[]>;
  /** Administrators: sends a dead item again (its attempts start over); false if it is not dead any more. */
  replayDelivery(session: StaffSession, id: string): Promise<boolean>;
  /** Writes the counts `track` has kept in memory so far. */
  flushMetrics(): Promise<void>;
  /** At shutdown, before the database closes: writes what `track` counted and stops its timer. */
  close(): Promise<void>;
}

/** A dead outbox item as the console shows it: what it was, never whom it was for. */
export interface DeadDelivery {
  id: string;
  kind: string;
  /** The service and reference, or the e-mail's subject (which names them). */
  what: string;
  createdAt: string;
  attempts: number;
  lastError: string;
}

/** A service's dashboard, with screens and fields named as residents read them. */
export interface Performance extends Omit<Dashboard, "answered" | "errors"> {
  title: string;
  /** Question screens in the file's order, with how many residents answered each. */
  screens: { name: string; title: string; answered: number }[];
  errors: { screen: string; field: string; label: string; count: number }[];
}

export const PAGE_SIZE = 25;
/** How many of a service's latest submissions a word search opens (they are sealed at rest). */
const SEARCH_DEPTH = 2000;
/** The most rows one export writes. */
const EXPORT_LIMIT = 10_000;

/**
 * Whether the auditor's case records keep this service's submissions (its check-answers screen
 * sends them to the deduction-applications integration): only then does a status change need to
 * reach another system (SUBMISSION_STATUS); for any other service it would be an outbox item
 * nobody needs.
 */
export function keepsCaseRecord(workflow: Workflow): boolean {
  return workflow.screens.some(
    (screen) =>
      screen.type === "check-answers" &&
      [screen.call, ...(screen.followUp ?? [])].some((call) => call?.integration === DEDUCTION_APPLICATIONS),
  );
}

function searchableText(value: unknown): string {
  if (typeof value === "string") return value.toLowerCase();
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map(searchableText).join(" ");
  if (value && typeof value === "object") return Object.values(value).map(searchableText).join(" ");
  return "";
}

export function createBackOffice(opts: {
  db: Database;
  sealer: Sealer;
  /** Sign the session cookie: the first signs, every one is accepted (rotation). */
  secrets: readonly string[];
  secureCookies: boolean;
  workflows: { get(name: string): Workflow | undefined; names(): string[] };
  outbox: Pick<Outbox, "enqueue" | "wake">;
  /** Residents' uploaded documents (src/server/uploads/): the console opens them, never changes them. */
  uploads: Pick<Uploads, "read">;
  /** Where residents look their requests up, for e-mails: `${origin}/request-status`. */
  origin: string;
  /** The city's number for questions (content/site.yaml phones.main). */
  phone: () => Promise<string>;
  /** How staff sign in (src/back-office/oidc-settings.ts); default: passwords only. */
  signInWith?: SignInWith;
  now?: () => Date;
  /** How often the dashboard's counts are written (FLUSH_EVERY_MS). */
  metricsEveryMs?: number;
}): BackOffice {
  const { db, sealer } = opts;
  const now = opts.now ?? (() => new Date());
  const metrics = createMetricBuffer(db, { everyMs: opts.metricsEveryMs });
  const record = (session: StaffSession, action: string, target: string, detail = "") =>
    audit(db, { at: now().toISOString(), actor: session.account.email, action, target, detail });

  function requireAdmin(session: StaffSession) {
    if (session.account.role !== "admin")
      throw new Forbidden(`${session.account.email} is not an administrator`);
  }

  function workflowFor(account: StaffAccount, name: string): Workflow {
    const workflow = opts.workflows.get(name);
    if (!workflow || !mayOpen(account, name)) throw new Forbidden(`${account.email} may not open ${name}`);
    return workflow;
  }

  /** The submission a session may act on, with its service; Forbidden for another service's. */
  async function caseFor(session: StaffSession, reference: string) {
    const row = await findCase(db, reference);
    if (!row) return undefined;
    return { row, workflow: workflowFor(session.account, row.workflow) };
  }

  /** The same, with the answers opened, in one read (only once the session may see them). */
  async function openedCaseFor(session: StaffSession, reference: string) {
    const found = await openCase(db, reference, sealer);
    if (!found) return undefined;
    return { ...found, workflow: workflowFor(session.account, found.row.workflow) };
  }

  async function matching(workflow: string, q: string): Promise<string[] | undefined> {
    const words = q.trim().toLowerCase();
    if (!words) return undefined;
    const reference = normalizeReference(words);
    if (reference) return [reference];
    const found: string[] = [];
    for await (const { submission } of eachCase(db, { workflow }, sealer, { limit: SEARCH_DEPTH })) {
      const text = searchableText([submission.answers, submission.result]);
      if (words.split(/\s+/).every((w) => text.includes(w))) found.push(submission.reference);
    }
    return found;
  }

  async function query(workflow: Workflow, filter: InboxFilter) {
    const bucketIds = (b: Bucket) => {
      const ids: (string | null)[] = statusIdsIn(workflow, b);
      return b === "new" ? [...ids, null] : ids;
    };
    const statuses =
      filter.bucket === "all"
        ? [...bucketIds("new"), ...bucketIds("in-progress"), ...bucketIds("done")]
        : bucketIds(filter.bucket);
    const from = filter.from ? parseIsoDate(filter.from) : null;
    const to = filter.to ? parseIsoDate(filter.to) : null;
    return {
      workflow: workflow.name,
      statuses,
      from: from ? cityDayStart(from) : undefined,
      to: to ? cityDayStart(addDays(to, 1)) : undefined,
      references: filter.q ? await matching(workflow.name, filter.q) : undefined,
    };
  }

  function rowsOf(workflow: Workflow, submission: Submission, locale: Locale): CheckAnswersRow[] {
    const journey = { ...startJourney(workflow), answers: submission.answers as Record<string, unknown> };
    return checkAnswersRows(workflow, journey, locale, { now: new Date(submission.createdAt) });
  }

  const emailOf = (workflow: Workflow, submission: Submission) => {
    const field = workflow.receipt?.emailField;
    const value = field ? readField(submission.answers as Record<string, unknown>, field) : undefined;
    return typeof value === "string" && value.includes("@") ? value : undefined;
  };

  const signInWith = opts.signInWith ?? { local: true, oidc: undefined };
  const cookie = sessionCookie({ secrets: opts.secrets, secure: opts.secureCookies });
  const tokenIn = async (cookieHeader: string | null) => (await cookie.read(cookieHeader))?.value;

  return {
    async session(cookieHeader) {
      return readSession(db, await tokenIn(cookieHeader), now());
    },

    // The city's identity provider (src/back-office/staff-sign-in.ts).
    ...idpSignIn({ db, signInWith, sessionCookie: cookie, now }),

    async signIn(credentials) {
      // Passwords are off while the identity provider is the way in, unless STAFF_LOCAL_LOGIN=on.
      const outcome = signInWith.local
        ? await signIn(db, credentials, now(), sealer)
        : ({ ok: false, reason: "off" } as const);
      await audit(db, {
        at: now().toISOString(),
        actor: credentials.email.trim().toLowerCase().slice(0, 254),
        action: outcome.ok ? "sign-in" : `sign-in refused (${outcome.reason})`,
        target: "",
        detail: "",
      });
      if (!outcome.ok) return outcome;
      const token = await startSession(db, outcome.account.email, now());
      return { ...outcome, cookie: await cookie.serialize(token) };
    },

    async signOut(cookieHeader) {
      const token = await tokenIn(cookieHeader);
      const session = await readSession(db, token, now());
      await endSession(db, token);
      if (session) await record(session, "sign-out", "");
      return cookie.clear();
    },

    async services(session, locale) {
      const names = opts.workflows
        .names()
        .filter((name) => mayOpen(session.account, name))
        // Tools send nothing to staff (the status search, the finders); only services with a check-answers screen.
        .filter((name) => opts.workflows.get(name)?.screens.some((s) => s.type === "check-answers"));
      const summaries = await Promise.all(
        names.map(async (name) => {
          const workflow = opts.workflows.get(name) as Workflow;
          const counts: Record<Bucket, number> = { new: 0, "in-progress": 0, done: 0 };
          for (const [stored, n] of await countByStatus(db, name))
            counts[bucketOf(workflow, currentStatus(workflow, stored))] += n;
          return { name, title: localizeText(workflow.title, locale), counts };
        }),
      );
      return summaries.sort((a, b) => a.title.localeCompare(b.title, locale));
    },

    async inbox(session, name, filter, locale) {
      const workflow = workflowFor(session.account, name);
      const page = Math.max(1, Math.floor(filter.page) || 1);
      const { rows, total } = await listCases(db, {
        ...(await query(workflow, filter)),
        limit: PAGE_SIZE,
        offset: (page - 1) * PAGE_SIZE,
      });
      if (filter.q) await record(session, "search", name, filter.q.slice(0, 100));
      return {
        rows: rows.map((row) => ({
          ...row,
          statusLabel: statusLabel(currentStatus(workflow, row.status), locale),
        })),
        total,
        page,
        pageSize: PAGE_SIZE,
        bucket: filter.bucket,
      };
    },

    async view(session, reference, locale) {
      const found = await openedCaseFor(session, reference);
      if (!found) return undefined;
      const { submission } = found;
      await record(session, "view", reference);
      return {
        row: found.row,
        workflow: found.workflow,
        status: currentStatus(found.workflow, found.row.status),
        statuses: statusesOf(found.workflow),
        submission,
        answers: rowsOf(found.workflow, submission, locale),
        events: await listEvents(db, reference, sealer),
      };
    },

    async changeStatus(session, reference, change) {
      const found = await openedCaseFor(session, reference);
      if (!found) throw new Forbidden(`no submission ${reference}`);
      const { row, workflow, submission } = found;
      const status = statusesOf(workflow).find((s) => s.id === change.status);
      if (!status) throw new RangeError(`${change.status} is not a status of ${workflow.name}`);
      // Two staff changing one submission at once do not silently overwrite each other.
      if (change.shown !== undefined && currentStatus(workflow, row.status).id !== change.shown)
        throw new ConflictError(reference);
      const note = change.note.trim().slice(0, NOTE_LIMIT) || null;
      const to = emailOf(workflow, submission);
      const at = now().toISOString();
      const locale: Locale = row.locale === "es" ? "es" : "en";
      const phone = await opts.phone();
      await db.transaction(async (tx) => {
        if (!(await setStatus(tx, reference, { from: row.status, to: status.id, at })))
          throw new ConflictError(reference);
        await addEvent(
          tx,
          { reference, at, actor: session.account.email, kind: "status", status: status.id, note },
          sealer,
        );
        // Systems that keep their own record of the case follow (the auditor's deduction cases).
        if (keepsCaseRecord(workflow)) {
          const change: SubmissionStatusChange = {
            reference,
            workflow: workflow.name,
            status: status.id,
            note,
          };
          await opts.outbox.enqueue(tx, { kind: SUBMISSION_STATUS, payload: change });
        }
        if (to)
          await opts.outbox.enqueue(tx, {
            kind: EMAIL,
            payload: statusEmail({
              to,
              locale,
              service: localizeText(workflow.title, locale),
              reference,
              status: statusLabel(status, locale),
              note,
              statusPage: `${opts.origin}/request-status${locale === "es" ? "?lang=es" : ""}`,
              phone,
            }),
          });
      });
      opts.outbox.wake();
      await record(
        session,
        "status",
        reference,
        `${row.status ?? statusesOf(workflow)[0]?.id} → ${status.id}`,
      );
    },

    async assign(session, reference, assignee) {
      const found = await caseFor(session, reference);
      if (!found) throw new Forbidden(`no submission ${reference}`);
      const at = now().toISOString();
      await db.transaction(async (tx) => {
        await setAssignee(tx, reference, assignee);
        await addEvent(
          tx,
          { reference, at, actor: session.account.email, kind: "assign", status: null, note: assignee },
          sealer,
        );
      });
      await record(session, "assign", reference, assignee ?? "nobody");
    },

    async addNote(session, reference, note) {
      const found = await caseFor(session, reference);
      if (!found) throw new Forbidden(`no submission ${reference}`);
      const text = note.trim().slice(0, NOTE_LIMIT);
      if (!text) return;
      await addEvent(
        db,
        {
          reference,
          at: now().toISOString(),
          actor: session.account.email,
          kind: "note",
          status: null,
          note: text,
        },
        sealer,
      );
      await record(session, "note", reference);
    },

    async document(session, reference, id) {
      // Another service's submission is Forbidden before anything of the file is looked at.
      if (!(await caseFor(session, reference))) return undefined;
      const journeyId = await journeyOf(db, reference);
      const file = await opts.uploads.read(id);
      // Only the submission's own journey's files: an id from another submission opens nothing.
      if (!file || journeyId === undefined || file.journeyId !== journeyId) return undefined;
      // The id and type, never the file's name: the log outlives the submission, and a name
      // ("Medical letter for Ana Ruiz.pdf") can say more about the resident than the log should.
      await record(session, "document", reference, `${id} (${file.ref.type})`);
      return { ref: file.ref, bytes: file.bytes };
    },

    async exportCsv(session, name, filter, locale) {
      const workflow = workflowFor(session.account, name);
      const cases: Parameters<typeof casesCsv>[1] = [];
      for await (const { row, submission } of eachCase(db, await query(workflow, filter), sealer, {
        limit: EXPORT_LIMIT,
      }))
        cases.push({
          row,
          status: statusLabel(currentStatus(workflow, row.status), locale),
          answers: rowsOf(workflow, submission, locale),
        });
      await record(session, "export", name, `${cases.length} rows`);
      return casesCsv(workflow, cases, locale);
    },

    async auditLog(session, page) {
      if (session.account.role !== "admin")
        throw new Forbidden(`${session.account.email} is not an administrator`);
      const pageSize = 50;
      const { rows, total } = await listAudit(db, {
        limit: pageSize,
        offset: (Math.max(1, page) - 1) * pageSize,
      });
      return { rows, total, pageSize };
    },

    async residentStatus(typed, check, locale) {
      const reference = normalizeReference(typed);
      if (!reference) return undefined;
      const found = await openCase(db, reference, sealer);
      const workflow = found && opts.workflows.get(found.submission.workflow);
      if (!found || !workflow) return undefined;
      const { row, submission } = found;
      const given = check.trim().toLowerCase();
      const email = emailOf(workflow, submission)?.toLowerCase();
      const parcel =
        typeof submission.result.parcelNumber === "string" ? submission.result.parcelNumber : undefined;
      const matches =
        (email !== undefined && given === email) ||
        (parcel !== undefined && normalizeParcelNumber(given) === normalizeParcelNumber(parcel));
      if (!matches) return undefined;
      const events = (await listEvents(db, reference, sealer)).filter((e) => e.kind === "status");
      const first = statusesOf(workflow)[0] as Status;
      const status = currentStatus(workflow, row.status);
      return {
        reference,
        service: localizeText(workflow.title, locale),
        receivedAt: submission.createdAt,
        status: statusLabel(status, locale),
        final: Boolean(status.final),
        history: [
          { at: submission.createdAt, status: statusLabel(first, locale), note: null },
          ...events.map((e) => ({
            at: e.at,
            status: statusLabel(currentStatus(workflow, e.status), locale),
            note: e.note,
          })),
        ],
      };
    },

    purge: () => purgeOrphanEvents(db),

    track(event, context, where) {
      metrics.count(event, context, now(), where);
    },

    flushMetrics: () => metrics.flush(),
    close: () => metrics.close(),

    async completed(journeyId, context) {
      try {
        await recordCompletion(db, journeyId, context, now());
      } catch (error) {
        console.error(`metrics: completion of ${context.workflow} not counted:`, error);
      }
    },

    async deadDeliveries(session) {
      requireAdmin(session);
      const dead = await listDead(db, { limit: 200, cipher: sealer });
      return dead.map((item) => {
        const payload = (item.payload ?? {}) as { subject?: unknown; service?: unknown; reference?: unknown };
        const what =
          typeof payload.subject === "string"
            ? payload.subject
            : [payload.service, payload.reference].filter((v) => typeof v === "string").join(" ") ||
              (item.order_key ?? "");
        return {
          id: item.id,
          kind: item.kind,
          what,
          createdAt: item.created_at,
          attempts: item.attempts,
          lastError: item.last_error ?? "",
        };
      });
    },

    async replayDelivery(session, id) {
      requireAdmin(session);
      const replayed = await replayDead(db, id, now());
      if (replayed) {
        opts.outbox.wake();
        await record(session, "replay delivery", id);
      }
      return replayed;
    },

    async performance(session, name, days, locale) {
      const workflow = workflowFor(session.account, name);
      // This process's latest counts too, not only those written before.
      await metrics.flush();
      const found = await dashboard(db, name, days, now());
      const labelOf = (screenName: string, field: string) => {
        const screen = workflow.screens.find((s) => s.name === screenName);
        if (!screen) return field;
        const form = screenForm(screen, locale);
        // "/applicant/email" or "/0/name" (an item of a list): the deepest titled property on the way.
        let node: unknown = form.schema;
        let label = localizeText(screen.title ?? screen.name, locale);
        for (const part of field.split("/").filter(Boolean)) {
          const n = node as { properties?: Record<string, unknown>; items?: unknown } | undefined;
          node = /^\d+$/.test(part) ? n?.items : n?.properties?.[part];
          const title = (node as { title?: unknown } | undefined)?.title;
          if (typeof title === "string") label = title;
        }
        return label;
      };
      return {
        ...found,
        title: localizeText(workflow.title, locale),
        screens: workflow.screens
          .filter((s) => isQuestionType(s.type))
          .map((s) => ({
            name: s.name,
            title: localizeText(s.title ?? s.name, locale),
            answered: found.answered.get(s.name) ?? 0,
          })),
        errors: found.errors.map((e) => ({ ...e, label: labelOf(e.screen, e.field) })),
      };
    },
  };
}

/** Another member of staff changed the submission since the page was shown. */
export class ConflictError extends Error {
  override name = "ConflictError";
  constructor(reference: string) {
    super(`${reference} changed meanwhile`);
  }
}
