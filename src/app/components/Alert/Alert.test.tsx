// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createI18n } from "../../i18n";
import { axeViolations, renderIn } from "../test-support";
import { Alert } from "./Alert";
import { alertBannerExamples, alertExamples } from "./Alert.examples";
import { AlertBanner } from "./AlertBanner";
import {
  bannerColors,
  contrastRatio,
  DARK_TEXT,
  LIGHT_TEXT,
  parseCssColor,
  readableTextColor,
  relativeLuminance,
} from "./readableTextColor";

afterEach(cleanup);

describe.each(alertExamples)("Alert example: $name", ({ locale, props }) => {
  it("has no axe violations", async () => {
    const { container } = renderIn(locale, <Alert {...props} />);
    expect(await axeViolations(container)).toEqual([]);
  });

  it("shows its title and every message", () => {
    const { container } = renderIn(locale, <Alert {...props} />);
    if (props.title) expect(container.textContent).toContain(props.title);
    const messages = typeof props.message === "string" ? [props.message] : (props.message ?? []);
    expect(container.querySelectorAll(".usa-alert__text")).toHaveLength(messages.length);
  });
});

describe.each(alertBannerExamples)("AlertBanner example: $name", ({ locale, props }) => {
  it("has no axe violations", async () => {
    const { container } = renderIn(locale, <AlertBanner {...props} />);
    expect(await axeViolations(container)).toEqual([]);
  });
});

describe("Alert behaviour", () => {
  it("is visible at first and hidden by Close, which notifies", () => {
    const notifyOnClose = vi.fn();
    renderIn("en", <Alert title="Heads up" message="Something happened." notifyOnClose={notifyOnClose} />);
    expect(screen.getByText("Heads up")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByText("Heads up")).toBeNull();
    expect(notifyOnClose).toHaveBeenCalledTimes(1);
  });

  it("hands the focus on to what follows it when Close had it", () => {
    renderIn(
      "en",
      <>
        <Alert message="First" />
        <a href="/next">Next</a>
      </>,
    );
    const close = screen.getByRole("button", { name: "Close" });
    close.focus();
    fireEvent.click(close);
    expect(document.activeElement).toBe(screen.getByRole("link", { name: "Next" }));
  });

  it("names the close button in Spanish", () => {
    renderIn("es", <Alert message="Aviso" />);
    expect(screen.getByRole("button", { name: "Cerrar" })).toBeTruthy();
  });

  it("has no close button when closing is not allowed", () => {
    renderIn("en", <Alert message="Stays" allowClose={false} />);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("defaults to info, announced politely", () => {
    const { container } = renderIn("en", <Alert message="Hello" />);
    expect(container.firstElementChild?.className).toContain("usa-alert--info");
    expect(screen.getByRole("status")).toBeTruthy();
  });

  it.each([
    ["info", "status"],
    ["success", "status"],
    ["warning", "status"],
    ["error", "alert"],
    ["emergency", "alert"],
  ] as const)("gives %s the role %s", (alertType, role) => {
    renderIn("en", <Alert alertType={alertType} message="Text" />);
    expect(screen.getByRole(role).className).toContain(`usa-alert--${alertType}`);
  });

  it("is fixed only when given a position", () => {
    const { container, rerender } = renderIn("en", <Alert message="Text" />);
    expect(container.querySelector(".cp-alert--fixed")).toBeNull();
    rerender(
      <I18nextProvider i18n={createI18n("en")}>
        <Alert message="Text" position="bottom-right" />
      </I18nextProvider>,
    );
    expect(container.querySelector(".cp-alert--fixed.cp-alert--bottom-right")).not.toBeNull();
  });

  it("translates messages given as keys and shows plain text as written", () => {
    renderIn("es", <Alert alertType="error" message={["typeahead.error", "Note: call 311."]} />);
    expect(
      screen.getByText("Hubo un error al procesar su solicitud. Vuelva a intentarlo en unos momentos."),
    ).toBeTruthy();
    expect(screen.getByText("Note: call 311.")).toBeTruthy();
  });

  it("renders its close button only once JavaScript runs (server HTML has none)", async () => {
    const { renderToString } = await import("react-dom/server");
    const html = renderToString(
      <I18nextProvider i18n={createI18n("en")}>
        <Alert message="Server side" />
      </I18nextProvider>,
    );
    expect(html).toContain("Server side");
    expect(html).not.toContain("<button");
  });
});

describe("AlertBanner", () => {
  it("links its title and picks white text on a dark background", () => {
    renderIn("en", <AlertBanner title="Read more" link="/news" colors={bannerColors("#1a4480")} />);
    const link = screen.getByRole("link", { name: "Read more" });
    expect(link.getAttribute("href")).toBe("/news");
    const banner = screen.getByRole("status");
    expect(banner.style.color).toBe("rgb(255, 255, 255)");
    expect(banner.style.backgroundColor).toBe("rgb(26, 68, 128)");
  });

  it("picks dark text on a light background", () => {
    renderIn("en", <AlertBanner title="Notice" colors={bannerColors("#ffbe2e")} />);
    expect(screen.getByRole("status").style.color).toBe("rgb(0, 0, 0)");
  });

  it("keeps the default colours when the background cannot be read", () => {
    renderIn("en", <AlertBanner title="Notice" colors={bannerColors("var(--brand)")} />);
    expect(screen.getByRole("status").getAttribute("style")).toBeNull();
  });
});

describe("readableTextColor", () => {
  it.each([
    ["#000", LIGHT_TEXT],
    ["#ffffff", DARK_TEXT],
    ["#1a4480", LIGHT_TEXT],
    ["#00bde3", DARK_TEXT],
    ["#9c3d10", LIGHT_TEXT],
    ["#ffbe2e", DARK_TEXT],
    ["navy", LIGHT_TEXT],
    ["Yellow", DARK_TEXT],
    ["rgb(0, 94, 162)", LIGHT_TEXT],
    ["rgb(0 94 162 / 50%)", DARK_TEXT],
    ["rgba(0, 0, 0, 0.1)", DARK_TEXT],
    ["hsl(0, 0%, 10%)", LIGHT_TEXT],
    ["hsl(60 100% 50%)", DARK_TEXT],
    ["#0000ff80", DARK_TEXT],
  ])("on %s uses %s", (background, expected) => {
    expect(readableTextColor(background)).toBe(expected);
  });

  it("always reaches AA (4.5:1) with the chosen colour, on any grey", () => {
    for (let grey = 0; grey <= 255; grey += 1) {
      const hex = `#${grey.toString(16).padStart(2, "0").repeat(3)}`;
      const text = readableTextColor(hex)!;
      const textLuminance = relativeLuminance(parseCssColor(text)!.slice(0, 3) as [number, number, number]);
      const bgLuminance = relativeLuminance([grey, grey, grey]);
      expect(contrastRatio(textLuminance, bgLuminance)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it.each(["", "var(--x)", "#12", "#ggg", "rgb(1, 2)", "url(x)", "hsl(a, b, c)", "transparentish"])(
    "cannot read %j",
    (background) => {
      expect(readableTextColor(background)).toBeUndefined();
    },
  );

  it("computes the WCAG extremes", () => {
    expect(contrastRatio(relativeLuminance([0, 0, 0]), relativeLuminance([255, 255, 255]))).toBeCloseTo(21);
  });
});

describe("bannerColors", () => {
  it("gives the editor's colour with the text colour that reads on it", () => {
    expect(bannerColors("#1a4480")).toEqual({ background: "#1a4480", text: LIGHT_TEXT });
    expect(bannerColors("gold")).toEqual({ background: "gold", text: DARK_TEXT });
  });

  it("gives none without a colour, or for one it cannot read", () => {
    expect(bannerColors(undefined)).toBeUndefined();
    expect(bannerColors("")).toBeUndefined();
    expect(bannerColors("var(--brand)")).toBeUndefined();
  });
});
