import { type ReactNode, type SyntheticEvent, useState } from "react";
import { RichText } from "../RichText/RichText";
import "./Accordion.css";

/*
 * Why <details>/<summary> rather than buttons with aria-expanded: the browser opens and closes
 * them with no JavaScript (SPEC: pages work without it), keyboard and screen-reader support is
 * native, find-in-page opens a closed item that holds the match, and nothing shifts when the page
 * hydrates. The heading sits inside the summary, which HTML allows, so the heading level stays
 * settable; screen readers that flatten a summary still read its text as the control's name.
 */

export interface AccordionItem {
  id: string;
  title: string;
  /** HTML made on the server from the content's Markdown (renderRichText). */
  description?: string | null;
  items?: readonly AccordionItem[] | null;
  /** Rendered after the description, for callers that put controls in a panel. */
  content?: ReactNode;
}

export type HeadingLevel = 2 | 3 | 4 | 5 | 6;

export interface AccordionProps {
  items: readonly AccordionItem[];
  /** Level of the item titles; nested items sit one level below. */
  headingLevel?: HeadingLevel;
  /** Items open at first. */
  openIds?: readonly string[];
  /** Shows every item open and not collapsible (the filters panel on phones). */
  disabled?: boolean;
  onToggle?: (id: string, open: boolean) => void;
}

interface ItemProps extends Omit<AccordionProps, "items" | "headingLevel"> {
  item: AccordionItem;
  headingLevel: HeadingLevel;
}

function Panel({ item, headingLevel, ...rest }: ItemProps) {
  const nested = item.items?.length ? item.items : undefined;
  return (
    <div className="usa-accordion__content">
      <RichText html={item.description} />
      {item.content}
      {nested && (
        <Accordion items={nested} headingLevel={Math.min(6, headingLevel + 1) as HeadingLevel} {...rest} />
      )}
    </div>
  );
}

function Item(props: ItemProps) {
  const { item, headingLevel, openIds, disabled, onToggle } = props;
  const [open, setOpen] = useState(() => openIds?.includes(item.id) ?? false);
  const Heading = `h${headingLevel}` as const;

  if (disabled) {
    return (
      <div className="cp-accordion__item is-disabled">
        <Heading className="usa-accordion__heading">{item.title}</Heading>
        <Panel {...props} />
      </div>
    );
  }

  function toggled(event: SyntheticEvent<HTMLDetailsElement>) {
    const now = event.currentTarget.open;
    if (now === open) return;
    setOpen(now);
    onToggle?.(item.id, now);
  }

  return (
    <details className="cp-accordion__item" open={open} onToggle={toggled}>
      <summary className="usa-accordion__button">
        <Heading className="usa-accordion__heading">{item.title}</Heading>
      </summary>
      <Panel {...props} />
    </details>
  );
}

export function Accordion({ items, headingLevel = 3, ...rest }: AccordionProps) {
  if (items.length === 0) return null;
  return (
    <div className="usa-accordion">
      {items.map((item) => (
        <Item key={item.id} item={item} headingLevel={headingLevel} {...rest} />
      ))}
    </div>
  );
}
