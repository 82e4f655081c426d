/**
 * Shared by the component tests: render a component with the app's providers, and run axe on it
 * with the WCAG 2.0/2.1/2.2 A and AA rules the end-to-end tests use (tests/e2e/axe.ts).
 */
import { type RenderResult, render } from "@testing-library/react";
import axe from "axe-core";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { createI18n, type Locale } from "../i18n";

/** Renders `ui` with the locale's translations; `router` for components that render router links. */
export function renderIn(locale: Locale, ui: ReactNode, options: { router?: boolean } = {}): RenderResult {
  const content = options.router ? <MemoryRouter>{ui}</MemoryRouter> : ui;
  return render(<I18nextProvider i18n={createI18n(locale)}>{content}</I18nextProvider>);
}

export async function axeViolations(container: HTMLElement): Promise<axe.Result[]> {
  const results = await axe.run(container, {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
    rules: {
      // "All content sits in a landmark" is about a whole page; here a component is rendered alone
      // in jsdom's empty body. (A best-practice rule, so off as well if someone widens the tags.)
      region: { enabled: false },
      // jsdom does no layout or painting, so axe cannot work out the colours behind the text; the
      // end-to-end tests check contrast in a real browser.
      "color-contrast": { enabled: false },
    },
    // jsdom cannot host the embedded documents axe would otherwise reach into.
    iframes: false,
  });
  return results.violations;
}
