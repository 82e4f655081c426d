import { singleParagraph } from "../../../workflow/rich-texts";

export interface WorkflowTextProps {
  /** A workflow text as sanitised HTML, with its placeholders filled (src/workflow/content.ts). */
  html: string;
  className?: string;
}

/**
 * A text block or an alert message of a workflow screen. The HTML was made from its Markdown when
 * the workflows were loaded (src/workflow/rich-texts.ts), with the content's rich-text rules, so
 * neither the server nor the browser parses Markdown here. One paragraph stays a <p> of the page's
 * own, as a plain text always was; paragraphs and lists sit in a rich-text block.
 */
export function WorkflowText({ html, className }: WorkflowTextProps) {
  if (!html) return null;
  const paragraph = singleParagraph(html);
  if (paragraph !== undefined) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised when the workflows were loaded
    return <p className={className} dangerouslySetInnerHTML={{ __html: paragraph }} />;
  }
  return (
    <div
      className={className ? `cp-rich-text ${className}` : "cp-rich-text"}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised when the workflows were loaded
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
