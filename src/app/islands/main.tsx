import type { ComponentType } from "react";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { DEFAULT_LOCALE } from "../../domain/localize";
import { islandI18n } from "./i18n";
import { readPageData } from "./page-data";
import { isIslandName, islandComponent } from "./registry";

/**
 * The islands script: on pages React Router does not hydrate, bring each server-rendered island
 * (see ./Island.tsx) to life with the same component. Built with Preact in place of React
 * (scripts/build-islands.mjs); served by Vite with React itself in development.
 */
function start() {
  const data = readPageData(document);
  const i18n = islandI18n(data?.locale ?? DEFAULT_LOCALE, data?.strings ?? {});
  for (const root of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const name = root.dataset.island;
    if (!isIslandName(name)) continue;
    try {
      const props = JSON.parse(root.dataset.props ?? "{}") as Record<string, unknown>;
      // The props were written for this very component (Island.tsx); JSON lost only their type.
      const Component = islandComponent(name) as ComponentType<Record<string, unknown>>;
      createRoot(root).render(
        <I18nextProvider i18n={i18n}>
          <Component {...props} />
        </I18nextProvider>,
      );
    } catch (error) {
      // One broken island must not take the others with it; the server's HTML still works.
      console.error(`Island ${name} could not start`, error);
    }
  }
}

start();
