import { createElement, type ReactNode } from "react";

/**
 * Stands in for `markdown-to-jsx/react`, which @rjsf/core imports to render field descriptions
 * as Markdown when a uiSchema sets `ui:enableMarkdownInDescription`. Our workflow files never do:
 * a hint's links and emphasis (docs/workflows.md §10) are turned into sanitised HTML on the server
 * when the workflows are loaded (src/workflow/rich-texts.ts) and shown by the theme's own Hint, so
 * the 25 KB gzip Markdown parser stays out of the workflow pages' JavaScript, and so does a second
 * set of rules for what a link may be. Aliased in vite.config.ts.
 */
export function Markdown({ children, options }: { children?: ReactNode; options?: { wrapper?: string } }) {
  return createElement(options?.wrapper ?? "span", null, children);
}
export default Markdown;
