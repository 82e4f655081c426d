import {
  type ChangeEvent,
  type FocusEvent,
  type KeyboardEvent,
  useEffect,
  useReducer,
  useRef,
  useState,
} from "react";
import {
  ADDRESS_DEBOUNCE_MS,
  ADDRESS_MIN_CHARS,
  ADDRESS_SUGGESTION_LIMIT,
  type AddressSuggestion,
  fetchAddressSuggestions,
} from "../../../address-lookup/address-lookup";
import { useTranslation } from "../../i18n/use-translation";
import { Listbox } from "../Listbox/Listbox";
import { initialTypeaheadState, isAbortError, typeaheadReducer } from "../Typeahead/typeaheadReducer";

// No stylesheet import here: the workflow CLI loads the form theme, and with it this file, in plain
// Node. The looks (the typeahead's menu and ./AddressCombobox.css) come with the island
// (src/app/islands/AddressLookup.tsx) and with the form theme's forms.css.

/** SPEC §9: Enter, also where only the legacy key code is reported (as in the search box's typeahead). */
const ENTER_KEY_CODE = 13;

export type AddressSearch = (query: string, signal: AbortSignal) => Promise<readonly AddressSuggestion[]>;

export interface AddressComboboxProps {
  /** The input's id: the page's <label for> names it, with or without JavaScript. */
  id: string;
  name: string;
  /** Uncontrolled: what the box shows first (the address typed before, sent back by the server). */
  defaultValue?: string;
  /** Controlled (a workflow form): the value, and `onValueChange` for every change and choice. */
  value?: string;
  onValueChange?: (value: string, chosen?: AddressSuggestion) => void;
  onBlur?: () => void;
  onFocus?: () => void;
  inputClassName?: string;
  type?: "text" | "search";
  autoComplete?: string;
  /** Ids of the page's hint and error, kept; the combobox's own instructions are added to them. */
  describedBy?: string;
  invalid?: boolean;
  /** aria-required, as the workflow forms mark required fields (their checks are the server's). */
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  /**
   * Suggest only while a radio of the same form has one of these values: the property search's
   * one box is an address only when "Street name" is chosen.
   */
  onlyWhen?: { name: string; values: string[] };
  /** How it looks addresses up; the site's endpoint (/api/v1/addresses) by default. */
  search?: AddressSearch;
  minChars?: number;
  debounceMs?: number;
}

const siteSearch: AddressSearch = (query, signal) => fetchAddressSuggestions(query, { signal });

/** The debounce timer and the request in flight, both dropped when newer typing supersedes them. */
interface Pending {
  timer?: ReturnType<typeof setTimeout>;
  controller?: AbortController;
}

function cancel(pending: Pending) {
  clearTimeout(pending.timer);
  pending.controller?.abort();
  pending.controller = undefined;
}

function radioValue(input: HTMLInputElement | null, name: string): string | undefined {
  const field = input?.form?.elements.namedItem(name);
  if (!field) return undefined;
  return "value" in field ? (field as RadioNodeList | HTMLInputElement).value : undefined;
}

/**
 * A city address box with suggestions (issue 15): the WAI-ARIA 1.2 combobox with a listbox popup.
 * The server sends a plain text input of the page's GET form, which works as it is without
 * JavaScript; in the browser it suggests addresses after ADDRESS_MIN_CHARS characters and a pause
 * of ADDRESS_DEBOUNCE_MS, a newer pause aborting the request of an older one. Arrow keys move
 * through the suggestions (focus stays in the input: aria-activedescendant), Enter or a click
 * fills the box with the one chosen, Escape closes the list; a polite live region says how many
 * were found. Enter with nothing chosen submits the form, as in a plain field. The states are the
 * search box's typeahead's (../Typeahead/typeaheadReducer).
 */
export function AddressCombobox({
  id,
  name,
  defaultValue = "",
  value: controlled,
  onValueChange,
  onBlur,
  onFocus,
  inputClassName = "usa-input",
  type = "text",
  autoComplete = "street-address",
  describedBy,
  invalid,
  required,
  disabled,
  readOnly,
  placeholder,
  onlyWhen,
  search = siteSearch,
  minChars = ADDRESS_MIN_CHARS,
  debounceMs = ADDRESS_DEBOUNCE_MS,
}: AddressComboboxProps) {
  const { t } = useTranslation("ui");
  // Ids from the input's own, not useId: a workflow page is rendered by React on the server and
  // hydrated by Preact, whose useId differs and whose hydration keeps the server's attributes.
  const baseId = `${id}-address`;
  const listboxId = `${baseId}-listbox`;
  const hintId = `${baseId}-hint`;

  const [own, setOwn] = useState(defaultValue);
  const value = controlled ?? own;
  const [state, dispatch] = useReducer(
    typeaheadReducer<AddressSuggestion>,
    undefined,
    initialTypeaheadState<AddressSuggestion>,
  );
  // A plain input until the script runs; `active` is false while the form's kind is not an address.
  const [enhanced, setEnhanced] = useState(false);
  const [active, setActive] = useState(true);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const pending = useRef<Pending>({});

  const isActive = () => {
    if (!onlyWhen) return true;
    const chosen = radioValue(inputRef.current, onlyWhen.name);
    return chosen !== undefined && onlyWhen.values.includes(chosen);
  };
  const close = () => {
    cancel(pending.current);
    dispatch({ type: "close" });
  };

  useEffect(() => {
    setEnhanced(true);
    const onUnmount = pending.current;
    return () => cancel(onUnmount);
  }, []);

  // The kind of search changing (a radio of the same form) turns the suggestions on or off.
  const onlyWhenKey = onlyWhen ? `${onlyWhen.name}=${onlyWhen.values.join(",")}` : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: onlyWhenKey stands for onlyWhen, a fresh object each render.
  useEffect(() => {
    if (!onlyWhen) return;
    const form = inputRef.current?.form;
    const check = () => {
      const now = isActive();
      setActive(now);
      if (!now) {
        cancel(pending.current);
        dispatch({ type: "reset" });
      }
    };
    check();
    form?.addEventListener("change", check);
    return () => form?.removeEventListener("change", check);
  }, [onlyWhenKey]);

  const open = state.status === "open";

  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePress = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) dispatch({ type: "close" });
    };
    document.addEventListener("pointerdown", closeOnOutsidePress);
    return () => document.removeEventListener("pointerdown", closeOnOutsidePress);
  }, [open]);

  function run(query: string) {
    const controller = new AbortController();
    pending.current.controller = controller;
    search(query, controller.signal).then(
      (results) => {
        if (!controller.signal.aborted)
          dispatch({ type: "received", term: query, results, limit: ADDRESS_SUGGESTION_LIMIT });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        console.error("Address lookup failed", error);
        dispatch({ type: "failed", statusText: "" });
      },
    );
  }

  function setValue(next: string, chosen?: AddressSuggestion) {
    if (controlled === undefined) setOwn(next);
    onValueChange?.(next, chosen);
  }

  function changed(event: ChangeEvent<HTMLInputElement>) {
    const next = event.target.value;
    setValue(next);
    cancel(pending.current);
    if (state.error) dispatch({ type: "dismissError" });
    const query = next.trim();
    if (query.length < minChars || !isActive()) {
      dispatch({ type: "reset" });
      return;
    }
    pending.current.timer = setTimeout(() => run(query), debounceMs);
  }

  function choose(suggestion: AddressSuggestion) {
    setValue(suggestion.address, suggestion);
    close();
  }

  const options = state.results.map((suggestion, index) => ({
    id: `${baseId}-option-${index}`,
    content: suggestion.address,
    suggestion,
  }));
  const chosen = open ? options[state.activeIndex] : undefined;

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing || !enhanced) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (options.length === 0) return;
      event.preventDefault();
      dispatch({ type: "move", by: event.key === "ArrowDown" ? 1 : -1, optionCount: options.length });
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close();
    } else if (event.key === "Enter" || event.keyCode === ENTER_KEY_CODE) {
      // Enter on a suggestion chooses it; Enter on the typed text submits the form as usual, and
      // a lookup still waiting would only open a list over the page that answers.
      if (chosen) {
        event.preventDefault();
        choose(chosen.suggestion);
      } else close();
    }
  }

  function focusLeft(event: FocusEvent<HTMLDivElement>) {
    // Leaving the box (for the next field, the form's button) ends the typing: a lookup still
    // waiting must not open a list over what the resident went to.
    if (!rootRef.current?.contains(event.relatedTarget as Node | null)) close();
  }

  const found = state.results.length;
  const announcement = state.error
    ? t("addressLookup.unavailable")
    : open
      ? found > 0
        ? t("addressLookup.found", { count: found })
        : t("addressLookup.noMatches")
      : "";
  const combobox = enhanced && active;
  const described = [describedBy, combobox ? hintId : ""].filter(Boolean).join(" ") || undefined;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: listens for focus leaving the whole widget, not an interaction.
    <div className="cp-typeahead cp-address-combobox" ref={rootRef} onBlur={focusLeft}>
      <input
        ref={inputRef}
        className={inputClassName}
        id={id}
        type={type}
        name={name}
        value={value}
        autoComplete={combobox ? "off" : autoComplete}
        spellCheck={false}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={described}
        aria-required={required || undefined}
        disabled={disabled}
        readOnly={readOnly}
        placeholder={placeholder || undefined}
        onChange={changed}
        onKeyDown={keyDown}
        onBlur={onBlur}
        onFocus={onFocus}
        {...(combobox && {
          role: "combobox",
          "aria-autocomplete": "list",
          "aria-expanded": open && found > 0,
          "aria-controls": listboxId,
          "aria-activedescendant": chosen?.id,
        })}
      />
      {combobox && (
        <span id={hintId} className="usa-sr-only">
          {t("addressLookup.instructions", { count: minChars })}
        </span>
      )}
      <div className="usa-sr-only" role="status" aria-live="polite">
        {announcement}
      </div>
      <div className="cp-typeahead__menu" hidden={!open}>
        <Listbox
          id={listboxId}
          options={options}
          activeIndex={state.activeIndex}
          onChoose={(option) => choose(option.suggestion)}
          label={t("addressLookup.suggestions")}
          emptyText={open && found === 0 ? t("addressLookup.noMatches") : undefined}
        />
      </div>
      {state.error && <p className="cp-address-combobox__error">{t("addressLookup.unavailable")}</p>}
    </div>
  );
}
