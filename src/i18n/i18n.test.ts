import { describe, expect, it } from "vitest";
import { addStrings, i18nFor, interpolateText, textFor, whileCollectingMissingKeys } from "./index";

/** The site's one i18next setup (src/i18n): strings from locales/, plurals, missing keys. */
describe("the site's i18next", () => {
  it("reads every namespace of locales/ in both languages", () => {
    expect(textFor("en", "email")("signature")).toBe("Consolidated City and County of Cedarport");
    expect(textFor("es", "email")("signature")).toBe("Ciudad y Condado Consolidado de Cedarport");
    expect(textFor("es", "validation")("required")).toBe("Este campo es obligatorio.");
  });

  it("makes one instance per language and one `t` per namespace", () => {
    expect(i18nFor("es")).toBe(i18nFor("es"));
    expect(i18nFor("es")).not.toBe(i18nFor("en"));
    expect(textFor("es", "email")).toBe(textFor("es", "email"));
  });

  it("chooses a plural by the language's rules", () => {
    const t = textFor("es", "rate-limits");
    expect(t("api", { count: 1 })).toBe("Demasiadas solicitudes. Vuelva a intentarlo en 1 segundo.");
    expect(t("api", { count: 30 })).toBe("Demasiadas solicitudes. Vuelva a intentarlo en 30 segundos.");
    // Spanish has a third form for a million and more ("many"): it must not fall back to English.
    expect(t("api", { count: 1_000_000 })).toBe(
      "Demasiadas solicitudes. Vuelva a intentarlo en 1000000 segundos.",
    );
  });

  it("fills a text that is not in a locale file with i18next's own interpolation", () => {
    expect(interpolateText("en", "Pick {{limit}} or more, {{ name }}.", { limit: 2, name: "Ana" })).toBe(
      "Pick 2 or more, Ana.",
    );
  });

  it("reports a missing key, and a Spanish string that only English has, while collecting", () => {
    addStrings("en", "i18n-test", { both: "Both", englishOnly: "English only" });
    addStrings("es", "i18n-test", { both: "Ambos" });
    const t = textFor("es", "i18n-test");
    // Outside a collection, English stands in for the missing Spanish string.
    expect(t("englishOnly")).toBe("English only");
    let seen = "";
    const missing = whileCollectingMissingKeys(() => {
      seen = [t("both"), t("englishOnly"), t("nowhere")].join(" / ");
    });
    expect(seen).toBe("Ambos / englishOnly / nowhere");
    expect(missing).toEqual([
      { lng: "es", ns: "i18n-test", key: "englishOnly" },
      { lng: "es", ns: "i18n-test", key: "nowhere" },
    ]);
    expect(whileCollectingMissingKeys(() => t("both"))).toEqual([]);
  });
});
