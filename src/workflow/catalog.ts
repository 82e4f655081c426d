/**
 * The workflow namespace's strings in both languages, as data for the checks that read each
 * language (lint.ts, lint-links.ts). Not for showing a text: that goes through i18next
 * (localize.ts), and keeping this out of localize.ts keeps both languages out of the browser.
 */
import en from "../../locales/en/workflow.json";
import es from "../../locales/es/workflow.json";
import type { Catalog } from "./localize";

export const workflowCatalog: Catalog = { en, es };
