import { type MouseEvent, useId } from "react";
import { useTranslation } from "../../i18n/use-translation";
import "./FilterGroup.css";

export interface FilterOption {
  id: string;
  /** Already translated; the id stands in when it is missing. */
  title?: string;
}

export interface FilterGroupProps {
  /** The GET parameter the checkboxes submit ('agency', 'verb', 'user', 'topic'). */
  name: string;
  /** The group's heading, already translated. */
  title: string;
  headingLevel: 3 | 4 | 5 | 6;
  options: readonly FilterOption[];
  selected: readonly string[];
  /** The address that selects this option only (and page 1). */
  onlyHref: (id: string) => string;
  /** With it the checkboxes are controlled; without it they are a plain form's checkboxes. */
  onToggle?: (id: string, checked: boolean) => void;
  /** With it the 'only' links are handled in the page instead of followed. */
  onOnly?: (id: string) => void;
}

/** Checkbox-style options with an 'only' link each; nothing at all when there are no options. */
export function FilterGroup({
  name,
  title,
  headingLevel,
  options,
  selected,
  onlyHref,
  onToggle,
  onOnly,
}: FilterGroupProps) {
  const { t } = useTranslation("components");
  const idPrefix = useId();
  if (options.length === 0) return null;
  const Heading = `h${headingLevel}` as const;
  return (
    <fieldset className="cp-filter-group">
      <legend className="cp-filter-group__legend">
        <Heading className="cp-filter-group__heading">{title}</Heading>
      </legend>
      <ul className="cp-filter-group__options">
        {options.map((option) => {
          const id = `${idPrefix}-${name}-${option.id}`;
          const label = option.title || option.id;
          const isSelected = selected.includes(option.id);
          const checkedProps = onToggle
            ? {
                checked: isSelected,
                onChange: (event: { currentTarget: HTMLInputElement }) =>
                  onToggle(option.id, event.currentTarget.checked),
              }
            : { defaultChecked: isSelected };
          const onClick = onOnly
            ? (event: MouseEvent<HTMLAnchorElement>) => {
                event.preventDefault();
                onOnly(option.id);
              }
            : undefined;
          return (
            <li key={option.id} className="cp-filter-group__option">
              <input
                className="cp-filter-group__input"
                type="checkbox"
                id={id}
                name={name}
                value={option.id}
                {...checkedProps}
              />
              <label className="cp-filter-group__label" htmlFor={id}>
                {label}
              </label>
              <a className="cp-filter-group__only" href={onlyHref(option.id)} onClick={onClick}>
                {t("filters.only")}
                <span className="usa-sr-only"> {label}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
