import { useId } from "react";
import { SEARCH_PAGE_PATH } from "../../../search/constants";
import { useTranslation } from "../../i18n/use-translation";
import { Typeahead, type TypeaheadProps } from "../Typeahead/Typeahead";
import "./SearchBox.css";

export type SearchBoxTypeahead<T extends object> = Omit<
  TypeaheadProps<T>,
  "id" | "name" | "placeholder" | "ariaLabel" | "defaultValue" | "searchPath"
>;

export interface SearchBoxProps<T extends object> {
  /** Results page; the form sends `term` there with GET. */
  action?: string;
  /** Name of the search landmark; give each search box on a page its own. */
  label?: string;
  placeholder?: string;
  /** Accessible name of the input (SPEC §2: 'input field' by default). */
  ariaLabel?: string;
  defaultValue?: string;
  id?: string;
  /** Quick results under the input, once JavaScript runs. */
  typeahead?: SearchBoxTypeahead<T>;
}

export function SearchBox<T extends object>({
  action = SEARCH_PAGE_PATH,
  label,
  placeholder,
  ariaLabel,
  defaultValue,
  id,
  typeahead,
}: SearchBoxProps<T>) {
  const { t } = useTranslation("ui");
  const generatedId = useId();
  const input = {
    id: id ?? `${generatedId}-term`,
    name: "term",
    placeholder: placeholder ?? t("search.placeholder"),
    ariaLabel: ariaLabel ?? t("search.inputLabel"),
    defaultValue,
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not yet exposed by every screen reader in use; role="search" on the form is.
    <form
      className="usa-search cp-search-box"
      role="search"
      method="get"
      action={action}
      aria-label={label ?? t("search.label")}
    >
      {typeahead ? (
        <Typeahead {...typeahead} {...input} searchPath={action} />
      ) : (
        <input
          className="usa-input"
          type="search"
          id={input.id}
          name={input.name}
          placeholder={input.placeholder}
          aria-label={input.ariaLabel}
          defaultValue={defaultValue}
        />
      )}
      <button className="usa-button usa-search__submit" type="submit">
        {t("search.submit")}
      </button>
    </form>
  );
}
