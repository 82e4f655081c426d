import "./RichText.css";

export interface RichTextProps {
  /** HTML made on the server from the content's Markdown by renderRichText (already sanitised). */
  html: string | null | undefined;
}

/** Content text: the server's finished HTML, so no Markdown code is sent to the browser. */
export function RichText({ html }: RichTextProps) {
  if (!html) return null;
  // Sanitised by rehype-sanitize in renderRichText before it gets here.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server-side HTML
  return <div className="cp-rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
