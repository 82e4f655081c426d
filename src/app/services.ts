import type { ContentQueries } from "../content/queries";
import type { SearchClient } from "../search/client";
import type { WorkflowServices } from "../server/workflows";
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

export interface AppServices {
  /** Content queries; `draft` ones carry the server-held draft credential. */
  content(draft: boolean): ContentQueries;
  site(): Promise<SiteConfig>;
  /** Changes whenever content is reloaded (cache keys). */
  contentVersion(): Promise<string>;
  /** Online services (workflows/) and residents' journeys through them. */
  workflows: WorkflowServices;
  /** Site search, on the index for the request's host name (test or production). */
  search(host: string | undefined): SearchClient;
}

export interface RequestContext {
  services: AppServices;
  locale: Locale;
  /** The request asked for drafts (?stage=draft) and carries the draft cookie. */
  draft: boolean;
  /** Absolute origin of the site, for canonical and hreflang links. */
  origin: string;
  /**
   * Address of the islands script, which enhances the pages React Router does not hydrate
   * (docs/adr/0003-islands.md): the built file in production, the source through Vite in dev.
   */
  islandsScript: string;
}

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
