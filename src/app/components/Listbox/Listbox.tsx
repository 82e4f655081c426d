import type { ReactNode } from "react";

export interface ListboxOption {
  /** The option's element id: the combobox's aria-activedescendant names it. */
  id: string;
  content: ReactNode;
  /** A last item set apart from the results (the typeahead's 'See all results'). */
  isLast?: boolean;
}

export interface ListboxProps<O extends ListboxOption> {
  /** The listbox's id: the combobox's aria-controls names it. */
  id: string;
  options: readonly O[];
  /** The option the arrow keys are on (aria-selected), -1 for none. */
  activeIndex: number;
  /** A click (or tap) on an option. */
  onChoose: (option: O) => void;
  /** The listbox's name: its own words, or the id of an element that shows them. */
  label?: string;
  labelledBy?: string;
  /** Shown before the list when the search found nothing ("No matching addresses found"). */
  emptyText?: string;
}

/**
 * The popup of a WAI-ARIA 1.2 combobox: a listbox whose options are reached through the input
 * (aria-activedescendant), never focused themselves. Shared by the site search's typeahead and the
 * address combobox, which keep the input, the states and the keys; this draws what they found.
 */
export function Listbox<O extends ListboxOption>({
  id,
  options,
  activeIndex,
  onChoose,
  label,
  labelledBy,
  emptyText,
}: ListboxProps<O>) {
  return (
    <>
      {emptyText && <p className="cp-typeahead__empty">{emptyText}</p>}
      <div
        className="cp-typeahead__list"
        role="listbox"
        id={id}
        aria-label={label}
        aria-labelledby={labelledBy}
        // Nothing to list (or only the empty text): no empty listbox for a screen reader to land on.
        hidden={options.length === 0}
      >
        {options.map((option, index) => (
          // biome-ignore lint/a11y: combobox pattern: keys reach the options through the input (aria-activedescendant).
          <div
            key={option.id}
            id={option.id}
            role="option"
            aria-selected={index === activeIndex}
            className={
              option.isLast ? "cp-typeahead__option cp-typeahead__option--last" : "cp-typeahead__option"
            }
            // Keeps focus in the input, where the combobox pattern wants it.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onChoose(option)}
          >
            {option.content}
          </div>
        ))}
      </div>
    </>
  );
}
