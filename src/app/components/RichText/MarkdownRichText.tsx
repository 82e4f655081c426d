import { createElement, useMemo } from "react";
import Markdown, { type Components, defaultUrlTransform } from "react-markdown";
import rehypeRaw from "rehype-raw";
import rehypeSanitize from "rehype-sanitize";
import remarkGfm from "remark-gfm";
import { rehypeCityRichText } from "../../../domain/rich-text";
import { useTranslation } from "../../i18n/use-translation";
import { richTextSchema } from "./richTextSchema";

/** The public site's host: links there stay in the same tab. */
export const DEFAULT_SITE_HOST = "www.cedarport.gov";

export interface MarkdownRichTextProps {
  markdown: string | null | undefined;
  siteHost?: string;
  /** Levels added to the Markdown's headings, so `#` sits under the page's own headings. */
  headingOffset?: number;
}

const HEADINGS = ["h1", "h2", "h3", "h4", "h5", "h6"] as const;

function shiftedHeadings(offset: number): Components | undefined {
  if (offset === 0) return undefined;
  const components: Components = {};
  HEADINGS.forEach((tag, index) => {
    const level = Math.min(6, Math.max(1, index + 1 + offset));
    components[tag] = ({ node: _node, ...props }) => createElement(`h${level}`, props);
  });
  return components;
}

// react-markdown drops `tel:` links, which the city's phone numbers need.
export function urlTransform(url: string): string {
  return /^tel:/i.test(url.trim()) ? url : defaultUrlTransform(url);
}

/**
 * Markdown to HTML with the city's rich-text rules (SPEC §5). Rendered on the server only
 * (render-rich-text.server.tsx): react-markdown and its HTML parser never reach the browser, which
 * gets the finished HTML through <RichText html>.
 */
export function MarkdownRichText({
  markdown,
  siteHost = DEFAULT_SITE_HOST,
  headingOffset = 0,
}: MarkdownRichTextProps) {
  const { t } = useTranslation("ui");
  const newTabHint = ` ${t("richText.newTab")}`;
  const iframeTitle = t("richText.embeddedContent");
  const components = useMemo(() => shiftedHeadings(headingOffset), [headingOffset]);
  if (!markdown?.trim()) return null;
  return (
    <Markdown
      remarkPlugins={[remarkGfm]}
      rehypePlugins={[
        rehypeRaw,
        [rehypeSanitize, richTextSchema],
        // After the sanitiser, so the sandbox, link targets and labels it adds are kept.
        [rehypeCityRichText, { siteHost, newTabHint, iframeTitle }],
      ]}
      components={components}
      urlTransform={urlTransform}
    >
      {markdown}
    </Markdown>
  );
}
