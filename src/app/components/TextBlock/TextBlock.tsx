import type { DateInput } from "../../../domain/dates";
import { type ReplaceMap, renderTextBlock, type TextBlockContext } from "../../../domain/text-block";
import { useTranslation } from "../../i18n/use-translation";
import { MarkdownRichText } from "../RichText/MarkdownRichText";
import "./TextBlock.css";

export interface TextBlockProps {
  /** Text with `{key}` placeholders. */
  text: string;
  replace?: ReplaceMap | null;
  /** Where placeholder values come from; `now` defaults to the current time, `locale` to the page's. */
  context?: Omit<TextBlockContext, "now"> & { now?: DateInput };
  /**
   * Treat the text as Markdown. Off by default: values filled in from answers or API responses are
   * shown exactly as they are, not read as formatting.
   */
  markdown?: boolean;
}

export function TextBlock({ text, replace, context, markdown = false }: TextBlockProps) {
  const { i18n } = useTranslation("ui");
  const rendered = renderTextBlock(text, replace, {
    ...context,
    now: context?.now ?? new Date(),
    locale: context?.locale ?? i18n.language,
  });
  if (markdown) return <MarkdownRichText markdown={rendered} />;
  return rendered.trim() ? <p className="cp-text-block">{rendered}</p> : null;
}
