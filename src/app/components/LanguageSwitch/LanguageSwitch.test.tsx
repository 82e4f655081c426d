// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { languageCookie } from "../../../domain/localize";
import { axeViolations, renderIn } from "../test-support";
import { LANGUAGE_PREFERENCE_KEY, LanguageSwitch, languageHref, RELOAD_DELAY_MS } from "./LanguageSwitch";
import { languageSwitchExamples } from "./LanguageSwitch.examples";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
  window.localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the cookie the component sets.
  document.cookie = "lang=; Path=/; Max-Age=0";
});

describe.each(languageSwitchExamples)("LanguageSwitch example: $name", ({ locale, props }) => {
  it("has no axe violations", async () => {
    const { container } = renderIn(locale, <LanguageSwitch {...props} />);
    expect(await axeViolations(container)).toEqual([]);
  });

  it("offers both languages as links with lang and hreflang, marking the current one", () => {
    renderIn(locale, <LanguageSwitch {...props} />);
    for (const [lang, name] of [
      ["en", "English"],
      ["es", "Español"],
    ] as const) {
      const link = screen.getByRole("link", { name });
      expect(link.getAttribute("lang")).toBe(lang);
      expect(link.getAttribute("hreflang")).toBe(lang);
      expect(link.getAttribute("href")).toBe(languageHref(lang, props.returnTo));
      expect(link.getAttribute("aria-current")).toBe(lang === locale ? "true" : null);
    }
  });
});

describe("LanguageSwitch without JavaScript", () => {
  it("links to the server's language route with the current page to return to", () => {
    expect(languageHref("es", "/search?term=tax&limit=10")).toBe(
      "/language?lang=es&return=%2Fsearch%3Fterm%3Dtax%26limit%3D10",
    );
  });

  it("names the navigation in the page's language", () => {
    renderIn("es", <LanguageSwitch returnTo="/" />);
    expect(screen.getByRole("navigation", { name: "Idioma" })).toBeTruthy();
  });
});

describe("LanguageSwitch with JavaScript", () => {
  beforeEach(() => vi.useFakeTimers());

  it("stores the choice, sets the cookie and reloads after 100 ms", () => {
    const reload = vi.fn();
    renderIn("en", <LanguageSwitch returnTo="/" reload={reload} />);
    fireEvent.click(screen.getByRole("link", { name: "Español" }));

    expect(window.localStorage.getItem(LANGUAGE_PREFERENCE_KEY)).toBe("es");
    expect(document.cookie).toContain("lang=es");
    vi.advanceTimersByTime(RELOAD_DELAY_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledWith("es");
  });

  it("only logs a storage failure: nothing is stored, the cookie still is, the page still reloads", () => {
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("quota exceeded", "QuotaExceededError");
    });
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const reload = vi.fn();
    renderIn("es", <LanguageSwitch returnTo="/" reload={reload} />);
    fireEvent.click(screen.getByRole("link", { name: "English" }));

    expect(log).toHaveBeenCalled();
    expect(window.localStorage.getItem(LANGUAGE_PREFERENCE_KEY)).toBeNull();
    expect(document.cookie).toContain("lang=en");
    vi.advanceTimersByTime(RELOAD_DELAY_MS);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("does nothing when the current language is chosen again", () => {
    const reload = vi.fn();
    renderIn("en", <LanguageSwitch returnTo="/" reload={reload} />);
    fireEvent.click(screen.getByRole("link", { name: "English" }));
    vi.advanceTimersByTime(RELOAD_DELAY_MS * 2);
    expect(reload).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(LANGUAGE_PREFERENCE_KEY)).toBeNull();
  });

  it("leaves modified clicks (open in a new tab) to the browser", () => {
    const reload = vi.fn();
    renderIn("en", <LanguageSwitch returnTo="/" reload={reload} />);
    let leftToBrowser = false;
    // Records what the component decided, then stops jsdom's unimplemented navigation.
    const stopNavigation = (event: Event) => {
      leftToBrowser = !event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener("click", stopNavigation);
    fireEvent.click(screen.getByRole("link", { name: "Español" }), { ctrlKey: true });
    window.removeEventListener("click", stopNavigation);
    vi.advanceTimersByTime(RELOAD_DELAY_MS);
    expect(leftToBrowser).toBe(true);
    expect(reload).not.toHaveBeenCalled();
  });

  it("writes a year-long, site-wide, same-site cookie, Secure over https", () => {
    expect(languageCookie("es", false)).toBe("lang=es; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(languageCookie("en", true)).toBe("lang=en; Path=/; Max-Age=31536000; SameSite=Lax; Secure");
  });
});
