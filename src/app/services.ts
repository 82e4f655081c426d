import type { BackOffice } from "../back-office/back-office";
import type { ContentQueries } from "../content/queries";
import type { Bids } from "../integrations/bids";
import type { CouncilDistricts } from "../integrations/council-districts";
import type { InvoiceViews } from "../integrations/payments";
import type { PropertyRecords } from "../integrations/property-records";
import type { SearchClient } from "../search/client";
import type { Uploads } from "../server/uploads/upload-store";
import type { Integrations } from "../workflow/integrations";
import type { Journey } from "../workflow/journey";
import type { Problem, Validate, Workflow } from "../workflow/types";
import type { Locale } from "./i18n";

/**
 * What the routes may use, handed to them by the server through React Router's load context.
 * Routes stay thin: they read from these services and render; they never open a database.
 */
export interface SiteConfig {
  name: { en: string; es: string };
  short_name: string;
  logo: string;
  colors: Record<string, string>;
  phones: Record<string, string>;
  [field: string]: unknown;
}

export interface OpenJourney {
  id: string;
  journey: Journey;
  /** Its save-and-return token, once the resident has saved (a GET may show it, never make it). */
  resumeToken?: string;
  /** Its cookie signed again with the current secret, when the browser's was signed with a previous one. */
  cookie?: string;
}

export interface WorkflowServices {
  get(name: string): Workflow | undefined;
  names(): string[];
  problems(): Problem[];
  /** Reads workflows/ again (development: a saved file is live at once). */
  reload(): Promise<void>;
  validate: Validate;
  /** The resident's journey through `name`, from their cookie. */
  open(name: string, cookieHeader: string | null): Promise<OpenJourney | undefined>;
  /** A new journey; `cookie` is the Set-Cookie value that ties it to the browser. */
  start(name: string, journey: Journey, locale: Locale): Promise<OpenJourney & { cookie: string }>;
  save(id: string, journey: Journey, locale: Locale): Promise<void>;
  /** E-mails a save-and-return link (the resident asked for it on the "saved" page). */
  emailResumeLink(workflow: string, to: string, link: string, locale: Locale): Promise<void>;
  /** The token of a save-and-return link, made on the first call (only from a POST). */
  resumeToken(id: string): Promise<string>;
  /** The journey of a save-and-return link, with the language it was saved in. */
  resume(
    name: string,
    token: string,
  ): Promise<(OpenJourney & { cookie: string; locale: string }) | undefined>;
  integrationsFor(journeyId: string, locale: Locale): Integrations;
  /** The address of the service's bundle for the browser (workflow and validators), once built. */
  browserBundle(name: string): string | undefined;
  /** A service's browser bundle by its address (served by the web server). */
  browserBundleCode(url: string): string | undefined;
  /** Settles when every service's browser bundle has been built (or has failed, logged). */
  browserBundlesBuilt(): Promise<void>;
  /** Residents' uploaded documents (src/server/uploads/). */
  uploads: Uploads;
  /** Runs `work` alone for this journey: two clicks on Submit never run side by side. */
  exclusive<T>(journeyId: string, work: () => Promise<T>): Promise<T>;
  /**
   * The CSRF token for this browser's workflow forms (src/server/csrf.ts); `held`: the browser sent
   * its CSRF cookie. `cookie`: the Set-Cookie to send with the page when it sent none (or one to
   * sign again with the current secret).
   */
  csrf(cookieHeader: string | null): Promise<{ token: string; held: boolean; cookie?: string }>;
  /** Checks a posted CSRF token: "no-cookie" when the browser sent no cookie (cookies are off). */
  verifyCsrf(cookieHeader: string | null, token: unknown): Promise<"ok" | "no-cookie" | "bad-token">;
  /** Stops the timers (the hourly purge of expired journeys); call on shutdown. */
  close(): void;
}

export interface AppServices {
  /** Content queries; `draft` ones carry the server-held draft credential. */
  content(draft: boolean): ContentQueries;
  site(): Promise<SiteConfig>;
  /** Changes whenever content is reloaded (cache keys). */
  contentVersion(): Promise<string>;
  /** Online services (workflows/) and residents' journeys through them. */
  workflows: WorkflowServices;
  /** Staff and what residents sent (the /staff console, /request-status). */
  backOffice: BackOffice;
  /** Site search, on the index for the request's host name (test or production). */
  search(host: string | undefined): SearchClient;
  /** What residents owe, for the invoice page (docs/payments.md). */
  payments: InvoiceViews;
  /** Bid opportunities and bid packet requests (the /bids pages). */
  bids: Bids;
  /** The county's parcels (the /property-search and /property/<parcel> pages). */
  property: PropertyRecords;
  /** Which council district a parcel is in (/find-my-representatives, a parcel's page). */
  councilDistricts: CouncilDistricts;
}

export interface RequestContext {
  services: AppServices;
  locale: Locale;
  /** The request asked for drafts (?stage=draft) and carries the draft cookie. */
  draft: boolean;
  /** The request carries the editors' preview session, whatever its address (the /preview/ staff pages). */
  staff: boolean;
  /** Absolute origin of the site, for canonical and hreflang links. */
  origin: string;
  /**
   * Address of the islands script, which enhances the pages React Router does not hydrate
   * (docs/adr/0003-islands.md): the built file in production, the source through Vite in dev.
   */
  islandsScript: string;
  /**
   * Counts one costly act of this client against its rate limit (src/server/rate-limits.ts);
   * "email": a save-and-return e-mail, `key` its recipient. Refused: answer 429, do nothing.
   */
  rateLimit(kind: "email", key?: string): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** This response's CSP nonce, for the inline scripts of hydrated pages (app/entry.server.tsx). */
  nonce: string;
}

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
