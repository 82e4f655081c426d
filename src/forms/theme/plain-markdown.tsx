import { createElement, type ReactNode } from "react";

/**
 * Stands in for `markdown-to-jsx/react`, which @rjsf/core imports to render field descriptions
 * as Markdown when a uiSchema sets `ui:enableMarkdownInDescription`. Our workflow files never do
 * (docs/workflows.md: hints are plain text), so descriptions render as text and the 25 KB gzip
 * Markdown parser stays out of the workflow pages' JavaScript. Aliased in vite.config.ts.
 */
export function Markdown({ children, options }: { children?: ReactNode; options?: { wrapper?: string } }) {
  return createElement(options?.wrapper ?? "span", null, children);
}
export default Markdown;
