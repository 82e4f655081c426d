import { randomBytes } from "node:crypto";
import type { WorkflowServices } from "../app/services";
import type { Database } from "../db/database";
import type { EmailSender } from "../integrations/email/email";
import { storeSubmission } from "../integrations/submissions/submissions";
import type { Integrations } from "../workflow/integrations";
import type { Journey } from "../workflow/journey";
import { localizeText } from "../workflow/localize";
import { loadWorkflows } from "../workflow/registry";
import { validateAnswers } from "../workflow/validate-port";
import { JourneyStore } from "./journey-store";
import { readCookie } from "./request-locale";
import { sign, unsign } from "./secrets";
import { serviceBundles } from "./service-bundles";

/**
 * The server side of online services: the services in workflows/, each resident's journey in the
 * database behind a signed cookie, and the integrations a journey may call. Routes reach all of it
 * through the `WorkflowServices` interface (src/app/services.ts).
 */
const cookieName = (workflow: string) => `wf_${workflow.replace(/[^a-z0-9-]/gi, "")}`;

function journeyCookie(workflow: string, id: string, secret: string): string {
  return `${cookieName(workflow)}=${sign(id, secret)}; Path=/workflow/${workflow}; HttpOnly; SameSite=Lax; Max-Age=${30 * 86400}`;
}

/** A request id for the back office: date and six random characters, e.g. REQ-20261122-4F7K2Q. */
function requestId(now: Date): string {
  const alphabet = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
  const suffix = [...randomBytes(6)].map((b) => alphabet[b % alphabet.length]).join("");
  return `REQ-${now.toISOString().slice(0, 10).replace(/-/g, "")}-${suffix}`;
}

const RESUME = {
  en: (service: string, link: string) => ({
    subject: `Your saved answers: ${service}`,
    text: `You saved your answers to: ${service}.\n\nUse this link to come back and finish within 30 days:\n${link}\n\nAnyone with the link can see your answers, so do not share it.\n\nConsolidated City and County of Cedarport`,
  }),
  es: (service: string, link: string) => ({
    subject: `Sus respuestas guardadas: ${service}`,
    text: `Usted guardó sus respuestas de: ${service}.\n\nUse este enlace para regresar y terminar en un plazo de 30 días:\n${link}\n\nCualquier persona que tenga el enlace puede ver sus respuestas, así que no lo comparta.\n\nCiudad y Condado Consolidado de Cedarport`,
  }),
};

const RECEIPT = {
  en: (service: string, reference: string) => ({
    subject: `We received your application: ${service} (${reference})`,
    text: `Thank you. We received your application for: ${service}.\n\nYour reference number is ${reference}. Keep it: you will need it if you contact us about your application.\n\nIf you have questions, call 311 or (555) 010-3110.\n\nConsolidated City and County of Cedarport`,
  }),
  es: (service: string, reference: string) => ({
    subject: `Recibimos su solicitud: ${service} (${reference})`,
    text: `Gracias. Recibimos su solicitud de: ${service}.\n\nSu número de referencia es ${reference}. Guárdelo: lo necesitará si se comunica con nosotros sobre su solicitud.\n\nSi tiene preguntas, llame al 311 o al (555) 010-3110.\n\nCiudad y Condado Consolidado de Cedarport`,
  }),
};

export async function createWorkflowServices(opts: {
  dir: string;
  db: Database;
  secret: string;
  email: EmailSender;
  /** Further integrations by name (lookups, payments); `submit` is built in. */
  integrations?: Record<string, Integrations["call"]>;
  now?: () => Date;
}): Promise<WorkflowServices> {
  const now = opts.now ?? (() => new Date());
  // A refused file is logged with its path and reason; the other services still load.
  const load = async () => {
    const loaded = await loadWorkflows(opts.dir);
    for (const p of loaded.problems)
      console.error(`workflow refused: ${p.file}: ${p.path.join(".")}: ${p.message}`);
    return { ...loaded, bundles: serviceBundles([...loaded.workflows.values()]) };
  };
  let { workflows, problems, bundles } = await load();
  const store = new JourneyStore<Journey>(opts.db, now);
  await store.purgeExpired();
  const locks = new Map<string, Promise<unknown>>();

  const submit =
    (journeyId: string): Integrations["call"] =>
    async (_name, operation, params, answers, context) => {
      const workflow = workflows.get(context.workflow);
      const reference = context.reference ?? "";
      const at = now();
      const result: Record<string, unknown> = { reference, requestId: requestId(at), operation };
      if (typeof params.parcelNumber === "string") result.parcelNumber = params.parcelNumber;
      const { stored, repeated } = await opts.db.transaction((tx) =>
        storeSubmission(tx, {
          reference,
          journeyId,
          workflow: context.workflow,
          requestId: String(result.requestId),
          answers,
          result,
          locale: context.locale,
          createdAt: at.toISOString(),
        }),
      );
      const to = typeof params.email === "string" ? params.email : undefined;
      if (!repeated && to && workflow) {
        const message = RECEIPT[context.locale](
          localizeText(workflow.title, context.locale),
          stored.reference,
        );
        // The submission is stored; a mail relay that is down must not undo it or show an error.
        await opts.email
          .send({ to, ...message })
          .catch((error) => console.error("receipt e-mail failed:", error));
      }
      return stored.result;
    };

  return {
    async reload() {
      ({ workflows, problems, bundles } = await load());
    },
    get: (name) => workflows.get(name),
    names: () => [...workflows.keys()],
    problems: () => problems,
    validate: validateAnswers,
    async open(name, cookieHeader) {
      const id = unsign(readCookie(cookieHeader ?? undefined, cookieName(name)), opts.secret);
      const stored = id ? await store.get(id, name) : undefined;
      return stored ? { id: stored.id, journey: stored.journey } : undefined;
    },
    async start(name, journey, locale) {
      const stored = await store.create(name, journey, locale);
      return { id: stored.id, journey, cookie: journeyCookie(name, stored.id, opts.secret) };
    },
    save: (id, journey, locale) => store.save(id, journey, locale),
    async emailResumeLink(name, to, link, locale) {
      const service = localizeText(workflows.get(name)?.title ?? name, locale);
      await opts.email.send({ to, ...RESUME[locale](service, link) });
    },
    resumeToken: (id) => store.resumeToken(id),
    async resume(name, token) {
      const stored = await store.byResumeToken(token);
      if (!stored || stored.workflow !== name) return undefined;
      return { id: stored.id, journey: stored.journey, cookie: journeyCookie(name, stored.id, opts.secret) };
    },
    browserBundle: (name) => bundles.urlOf(name),
    browserBundleCode: (url) => bundles.codeAt(url),
    integrationsFor(journeyId) {
      const table: Record<string, Integrations["call"]> = { ...opts.integrations, submit: submit(journeyId) };
      return {
        call: (name, operation, params, answers, context) => {
          const handler = table[name];
          if (!handler) return Promise.reject(new Error(`no integration named ${name}`));
          return handler(name, operation, params, answers, context);
        },
      };
    },
    exclusive<T>(journeyId: string, work: () => Promise<T>): Promise<T> {
      const previous = locks.get(journeyId) ?? Promise.resolve();
      const next = previous.then(work, work);
      const settled = next.catch(() => undefined);
      locks.set(journeyId, settled);
      void settled.then(() => {
        if (locks.get(journeyId) === settled) locks.delete(journeyId);
      });
      return next;
    },
  };
}
