import { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";

const base = defaultSchema.attributes ?? {};

/**
 * GitHub's sanitising rules, widened for what content editors embed: iframes (hardened afterwards
 * by rehypeCityRichText), table header scopes and mobile column labels, and `tel:` links. Scripts,
 * styles and event handlers never survive: they are not on any list here.
 */
export const richTextSchema: SanitizeSchema = {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []), "iframe"],
  attributes: {
    ...base,
    iframe: ["src", "title", "allow", "allowFullScreen", "loading", "sandbox", "width", "height"],
    th: [...(base.th ?? []), "scope", "dataLabel"],
    td: [...(base.td ?? []), "dataLabel"],
  },
  protocols: {
    ...defaultSchema.protocols,
    href: [...(defaultSchema.protocols?.href ?? []), "tel"],
  },
  // Without this a <style> element is unwrapped and its CSS shows up as text.
  strip: [...(defaultSchema.strip ?? []), "style"],
};
