/**
 * Banner colours come from content editors, so the text colour is computed rather than trusted:
 * whichever of black or white contrasts more with the background (WCAG 2 relative luminance).
 * Pure black, not the site's softer ink: with black and white one of the two always reaches 4.5:1.
 */

export const DARK_TEXT = "#000000";
export const LIGHT_TEXT = "#ffffff";

type Rgba = [r: number, g: number, b: number, a: number];

// Editors mostly type hex or a basic colour name; a colour we cannot read is not used at all.
const NAMED: Record<string, string> = {
  black: "#000000",
  white: "#ffffff",
  red: "#ff0000",
  maroon: "#800000",
  orange: "#ffa500",
  yellow: "#ffff00",
  gold: "#ffd700",
  green: "#008000",
  teal: "#008080",
  blue: "#0000ff",
  navy: "#000080",
  purple: "#800080",
  gray: "#808080",
  grey: "#808080",
  silver: "#c0c0c0",
};

function clamp(value: number, max: number): number {
  return Math.min(max, Math.max(0, value));
}

function parseHex(hex: string): Rgba | null {
  if (!/^[0-9a-f]+$/i.test(hex) || ![3, 4, 6, 8].includes(hex.length)) return null;
  const full = hex.length <= 4 ? [...hex].map((digit) => digit + digit).join("") : hex;
  const channels = full.match(/../g)!.map((pair) => Number.parseInt(pair, 16));
  return [channels[0]!, channels[1]!, channels[2]!, channels[3] === undefined ? 1 : channels[3] / 255];
}

function parseAlpha(text: string | undefined): number {
  if (text === undefined) return 1;
  const value = Number.parseFloat(text);
  return clamp(text.endsWith("%") ? value / 100 : value, 1);
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

/** Reads hex, rgb()/rgba(), hsl()/hsla() (comma or space syntax) and basic colour names. */
export function parseCssColor(input: string): Rgba | null {
  const text = input.trim().toLowerCase();
  const named = NAMED[text];
  if (named) return parseHex(named.slice(1));
  if (text.startsWith("#")) return parseHex(text.slice(1));
  const fn = /^(rgba?|hsla?)\(([^)]*)\)$/.exec(text);
  if (!fn) return null;
  const parts = fn[2]!.split(/[\s,/]+/).filter(Boolean);
  if (parts.length < 3 || parts.length > 4 || parts.some((part) => Number.isNaN(Number.parseFloat(part)))) {
    return null;
  }
  const [x, y, z, alpha] = parts as [string, string, string, string | undefined];
  if (fn[1]!.startsWith("rgb")) {
    const channel = (part: string) =>
      clamp(part.endsWith("%") ? (Number.parseFloat(part) * 255) / 100 : Number.parseFloat(part), 255);
    return [channel(x), channel(y), channel(z), parseAlpha(alpha)];
  }
  const hue = ((Number.parseFloat(x) % 360) + 360) % 360;
  const [r, g, b] = hslToRgb(
    hue,
    clamp(Number.parseFloat(y), 100) / 100,
    clamp(Number.parseFloat(z), 100) / 100,
  );
  return [r, g, b, parseAlpha(alpha)];
}

/** WCAG 2 relative luminance of an opaque colour. */
export function relativeLuminance([r, g, b]: readonly [number, number, number]): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrastRatio(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * The text colour to put on `background`, or undefined when the background cannot be read (the
 * banner then keeps its default colours). A translucent background is judged over the white page.
 */
export function readableTextColor(background: string): typeof DARK_TEXT | typeof LIGHT_TEXT | undefined {
  const rgba = parseCssColor(background);
  if (!rgba) return undefined;
  const [r, g, b, a] = rgba;
  const overWhite = (channel: number) => channel * a + 255 * (1 - a);
  const luminance = relativeLuminance([overWhite(r), overWhite(g), overWhite(b)]);
  return contrastRatio(luminance, 0) >= contrastRatio(luminance, 1) ? DARK_TEXT : LIGHT_TEXT;
}

/** A banner's colours: the editor's background and the text colour chosen for it. */
export interface BannerColors {
  background: string;
  text: typeof DARK_TEXT | typeof LIGHT_TEXT;
}

/**
 * The colours to draw a banner in, or undefined to keep the default ones (no colour given, or one
 * that cannot be read). Worked out by the server (the root loader), so the colour parser never
 * travels to the browser with the banner's island.
 */
export function bannerColors(background: string | null | undefined): BannerColors | undefined {
  const text = background ? readableTextColor(background) : undefined;
  return background && text ? { background, text } : undefined;
}
