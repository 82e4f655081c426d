import "./TagLabel.css";

export interface TagLabelProps {
  /** The tag's title, already localized. */
  title: string;
}

/** A verb tag ('Apply', 'Pay'…) shown as a small label. */
export function TagLabel({ title }: TagLabelProps) {
  return <span className="usa-tag cp-tag">{title}</span>;
}
