/**
 * USWDS compiles its theme colours to fixed values, but a city sets its four brand colours in
 * content/site.yaml and the root layout applies them at run time as custom properties. This
 * PostCSS step (run by Vite on src/app/styles/uswds.scss only) turns each compiled brand value
 * into its custom property, with the compiled value as the fallback: a site without colours in
 * its config looks exactly as compiled.
 */
export const BRAND_COLORS: Readonly<Record<string, string>> = {
  // Keep in step with the theme settings in uswds.scss and the defaults in tokens.css.
  "#1a4480": "--color-primary",
  "#162e51": "--color-primary-dark",
  "#00bde3": "--color-accent",
  "#005ea2": "--color-link",
};

const HEX = /#[0-9a-f]{6}\b/gi;

/** A declaration's value with each brand colour read from its custom property. */
export function withBrandVariables(value: string): string {
  return value.replace(HEX, (hex) => {
    const name = BRAND_COLORS[hex.toLowerCase()];
    return name ? `var(${name},${hex.toLowerCase()})` : hex;
  });
}

interface Stylesheet {
  source?: { input: { file?: string } };
  walkDecls(visit: (decl: { value: string }) => void): void;
}

/**
 * The PostCSS plugin: only stylesheets whose file name `applies` to (the USWDS build). Once per
 * sheet, on exit: a per-declaration visitor would be called again on each value it changed, and
 * the fallback keeps the colour in the value.
 */
export function brandColors(applies: (file: string) => boolean) {
  return {
    postcssPlugin: "brand-colors",
    OnceExit(sheet: Stylesheet) {
      const file = sheet.source?.input.file;
      if (!file || !applies(file)) return;
      sheet.walkDecls((decl) => {
        decl.value = withBrandVariables(decl.value);
      });
    },
  };
}
brandColors.postcss = true as const;
