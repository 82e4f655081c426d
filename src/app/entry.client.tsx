import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LOCALE, isLocale, loadLanguage } from "./i18n";

/**
 * React Router's default browser entry, made to work with Preact too (the production browser
 * build, docs/adr/0004-preact-in-the-browser.md).
 */

/**
 * The router's first render suspends until it has decoded the server's data. React waits at the
 * root; Preact cannot resume hydrating a tree of two roots (head and body) and would build the
 * page a second time. So wait for the data first: the router throws that promise before it uses
 * any hook, and keeps the router it then makes for the real render. (Calling it outside a render
 * ends in a hook error once the data is there, which is expected and ignored.)
 */
async function routerDataDecoded(): Promise<void> {
  const render = HydratedRouter as (props: object) => unknown;
  for (;;) {
    try {
      render({});
      return;
    } catch (thrown) {
      if (!(thrown instanceof Promise)) return;
      await thrown;
    }
  }
}

function removeHoistedLinks() {
  // React's server renderer hoists preload and modulepreload links into <head>. Preact hydrates
  // the head in the order the components give, pairing elements by tag name, so those links would
  // take the place of the stylesheets that follow them. They have done their job by now.
  for (const link of document.head.querySelectorAll('link[rel="preload"], link[rel="modulepreload"]'))
    link.remove();
}

async function hydrate() {
  if (import.meta.env.PREACT) {
    const lang = document.documentElement.lang;
    await Promise.all([routerDataDecoded(), loadLanguage(isLocale(lang) ? lang : DEFAULT_LOCALE)]);
    removeHoistedLinks();
  }
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

void hydrate();
