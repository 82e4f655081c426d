import type { MouseEvent } from "react";
import { addressInLanguage, isLocale, type Locale, languageCookie } from "../../../domain/localize";
import { useTranslation } from "../../i18n/use-translation";
import "./LanguageSwitch.css";

/** SPEC §9: the page reloads this long after the preference is stored. */
export const RELOAD_DELAY_MS = 100;
/** SPEC §7.4: the browser keeps the choice under this local-storage key. */
export const LANGUAGE_PREFERENCE_KEY = "languagePreference";

/** Each language is named in itself, so a reader finds their own whatever the page's language. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", es: "Español" };

/** The no-JavaScript path: the server sets the cookie and redirects back to `returnTo`. */
export function languageHref(lang: Locale, returnTo: string): string {
  return `/language?${new URLSearchParams({ lang, return: returnTo })}`;
}

/**
 * Remembers the choice in local storage (SPEC §7.4) and in the cookie the server reads. Storage can
 * be full or forbidden (private modes): that is only logged, and the cookie still carries the choice.
 */
export function rememberLanguage(lang: Locale): void {
  try {
    window.localStorage.setItem(LANGUAGE_PREFERENCE_KEY, lang);
  } catch (error) {
    console.error("Could not store the language preference", error);
  }
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve.
  document.cookie = languageCookie(lang, window.location.protocol === "https:");
}

export interface LanguageSwitchProps {
  /** Path and query of the current page, where the no-JavaScript switch returns to. */
  returnTo: string;
  /** How the page reloads in `lang`; replaced in tests. */
  reload?: (lang: Locale) => void;
}

/** The page again, in `lang`: reloaded, or opened at its address in `lang` if the address names one. */
function reloadIn(lang: Locale): void {
  const { pathname, search, hash } = window.location;
  const here = `${pathname}${search}${hash}`;
  const there = addressInLanguage(here, lang);
  if (there === here) window.location.reload();
  else window.location.assign(there);
}

export function LanguageSwitch({ returnTo, reload = reloadIn }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation("ui");
  const current: Locale = isLocale(i18n.language) ? i18n.language : "en";

  function choose(event: MouseEvent<HTMLAnchorElement>, lang: Locale) {
    // Modified clicks (new tab, new window) keep the link's own behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (lang === current) return;
    rememberLanguage(lang);
    setTimeout(() => reload(lang), RELOAD_DELAY_MS);
  }

  return (
    <nav className="cp-language-switch" aria-label={t("language.label")}>
      <ul className="cp-language-switch__list">
        {(Object.keys(LANGUAGE_NAMES) as Locale[]).map((lang) => (
          <li key={lang} className="cp-language-switch__item">
            <a
              className="cp-language-switch__option"
              href={languageHref(lang, returnTo)}
              lang={lang}
              hrefLang={lang}
              aria-current={lang === current ? "true" : undefined}
              onClick={(event) => choose(event, lang)}
            >
              {LANGUAGE_NAMES[lang]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
