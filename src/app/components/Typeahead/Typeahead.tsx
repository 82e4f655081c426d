import {
  type ChangeEvent,
  type FocusEvent,
  type KeyboardEvent,
  useEffect,
  useId,
  useReducer,
  useRef,
  useState,
} from "react";
// Only the spec's constants: how to search is the caller's (SPEC §7.3), never the search client.
import {
  SEARCH_PAGE_PATH,
  TYPEAHEAD_DEBOUNCE_MS,
  TYPEAHEAD_LIMIT,
  TYPEAHEAD_MIN_CHARS,
} from "../../../search/constants";
import { useTranslation } from "../../i18n/use-translation";
import { Alert } from "../Alert/Alert";
import { Listbox, type ListboxOption } from "../Listbox/Listbox";
import { useKindLabel } from "../SearchResultEntry/useKindLabel";
import { itemLabel } from "./itemLabel";
import { initialTypeaheadState, isAbortError, statusTextOf, typeaheadReducer } from "./typeaheadReducer";
import "./Typeahead.css";

/** SPEC §9: Enter, also where only the legacy key code is reported. */
export const ENTER_KEY_CODE = 13;

export type TypeaheadKind = "default" | "search";

export interface TypeaheadLink {
  label: string;
  href: string;
}

export interface TypeaheadProps<T extends object> {
  /** How it searches is the caller's business (SPEC §7.3); the signal aborts a superseded query. */
  search: (term: string, signal: AbortSignal) => Promise<readonly T[]>;
  /** Where choosing an item leads. */
  itemHref: (item: T) => string;
  /** 'search' items show a title and their kind; 'default' items their title, value or result. */
  kind?: TypeaheadKind;
  id?: string;
  name?: string;
  placeholder?: string;
  ariaLabel?: string;
  defaultValue?: string;
  minChars?: number;
  debounceMs?: number;
  limit?: number;
  /** Show the 'close menu' button. */
  closeButton?: boolean;
  /** A last item after the results: `true` for 'See all results for "…"', or one of your own. */
  lastItem?: boolean | ((term: string) => TypeaheadLink | undefined);
  /** Results page that Enter leads to, with `?term=`. */
  searchPath?: string;
  /** How to follow a link; a full page load by default, a router's navigate in an app. */
  navigate?: (href: string) => void;
  inputClassName?: string;
}

interface Option extends ListboxOption {
  href: string;
}

/** The debounce timer and the query in flight, both dropped when newer typing supersedes them. */
interface Pending {
  timer?: ReturnType<typeof setTimeout>;
  controller?: AbortController;
}

function cancel(pending: Pending) {
  clearTimeout(pending.timer);
  pending.controller?.abort();
  pending.controller = undefined;
}

function readText(item: object, field: string): string | undefined {
  const value = (item as Record<string, unknown>)[field];
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

export function Typeahead<T extends object>({
  search,
  itemHref,
  kind = "default",
  id,
  name = "term",
  placeholder,
  ariaLabel,
  defaultValue = "",
  minChars = TYPEAHEAD_MIN_CHARS,
  debounceMs = TYPEAHEAD_DEBOUNCE_MS,
  limit = TYPEAHEAD_LIMIT,
  closeButton = true,
  lastItem = false,
  searchPath = SEARCH_PAGE_PATH,
  navigate = (href) => window.location.assign(href),
  inputClassName = "usa-input",
}: TypeaheadProps<T>) {
  const { t } = useTranslation("ui");
  const kindLabel = useKindLabel();
  const baseId = useId();
  const inputId = id ?? `${baseId}-input`;
  const listboxId = `${baseId}-listbox`;
  const headingId = `${baseId}-heading`;
  const hintId = `${baseId}-hint`;

  const [value, setValue] = useState(defaultValue);
  const [state, dispatch] = useReducer(typeaheadReducer<T>, undefined, initialTypeaheadState<T>);
  // The server sends a plain search input; it becomes a combobox, with its menu and the live
  // region that announces results, only where the script runs.
  const [enhanced, setEnhanced] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const pending = useRef<Pending>({});
  const cancelPending = () => cancel(pending.current);

  useEffect(() => {
    setEnhanced(true);
    const onUnmount = pending.current;
    return () => cancel(onUnmount);
  }, []);

  const open = state.status === "open";

  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePress = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) dispatch({ type: "close" });
    };
    document.addEventListener("pointerdown", closeOnOutsidePress);
    return () => document.removeEventListener("pointerdown", closeOnOutsidePress);
  }, [open]);

  const searchHref = (term: string) => `${searchPath}?term=${encodeURIComponent(term)}`;

  function run(term: string) {
    const controller = new AbortController();
    pending.current.controller = controller;
    search(term, controller.signal).then(
      (results) => {
        if (!controller.signal.aborted) dispatch({ type: "received", term, results, limit });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        console.error("Typeahead search failed", error);
        dispatch({ type: "failed", statusText: statusTextOf(error) || t("typeahead.errorTitle") });
      },
    );
  }

  function changed(event: ChangeEvent<HTMLInputElement>) {
    const next = event.target.value;
    setValue(next);
    cancelPending();
    const term = next.trim();
    if (term.length < minChars) {
      dispatch({ type: "reset" });
      return;
    }
    pending.current.timer = setTimeout(() => run(term), debounceMs);
  }

  function close() {
    cancelPending();
    dispatch({ type: "close" });
  }

  const options: Option[] = state.results.map((item, index) => {
    const title = readText(item, "title");
    const itemKind = readText(item, "kind");
    return {
      id: `${baseId}-option-${index}`,
      href: itemHref(item),
      content:
        kind === "search" ? (
          <>
            <span className="cp-typeahead__title">{title ?? itemLabel(item)}</span>
            {itemKind && <span className="cp-typeahead__kind">{kindLabel(itemKind)}</span>}
          </>
        ) : (
          itemLabel(item)
        ),
    };
  });
  const typed = value.trim();
  // Without the script the menu is never drawn, so its last item is not worked out either (on the
  // server, for every page's search box).
  const last = !enhanced
    ? undefined
    : lastItem === true
      ? { label: t("typeahead.seeAll", { term: typed }), href: searchHref(typed) }
      : lastItem
        ? lastItem(typed)
        : undefined;
  if (last) {
    options.push({ id: `${baseId}-option-last`, href: last.href, content: last.label, isLast: true });
  }
  const active = open ? options[state.activeIndex] : undefined;

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      dispatch({ type: "move", by: event.key === "ArrowDown" ? 1 : -1, optionCount: options.length });
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close();
    } else if (event.key === "Enter" || event.keyCode === ENTER_KEY_CODE) {
      event.preventDefault();
      navigate(active ? active.href : searchHref(value));
    }
  }

  function focusLeft(event: FocusEvent<HTMLDivElement>) {
    if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) close();
  }

  const announcement = open
    ? state.results.length > 0
      ? t("typeahead.resultsAvailable", { count: state.results.length })
      : t("typeahead.noResults")
    : "";

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: listens for focus leaving the whole widget, not an interaction.
    <div className="cp-typeahead" ref={rootRef} onBlur={focusLeft}>
      <input
        className={inputClassName}
        id={inputId}
        type="search"
        name={name}
        value={value}
        placeholder={placeholder}
        aria-label={ariaLabel ?? t("search.inputLabel")}
        onChange={changed}
        onKeyDown={keyDown}
        {...(enhanced && {
          role: "combobox",
          autoComplete: "off",
          "aria-autocomplete": "list",
          "aria-expanded": open,
          "aria-controls": listboxId,
          "aria-activedescendant": active?.id,
          "aria-describedby": hintId,
        })}
      />
      {enhanced && (
        <>
          <span id={hintId} className="usa-sr-only">
            {t("typeahead.instructions")}
          </span>
          <div className="usa-sr-only" role="status" aria-live="polite">
            {announcement}
          </div>
          <div className="cp-typeahead__menu" hidden={!open}>
            <div className="cp-typeahead__header">
              <p className="cp-typeahead__heading" id={headingId}>
                {t("typeahead.quickResults")}
              </p>
              {closeButton && (
                <button
                  type="button"
                  className="cp-typeahead__close"
                  title={t("typeahead.closeMenu")}
                  aria-label={t("typeahead.closeMenu")}
                  onClick={close}
                >
                  <span aria-hidden="true">×</span>
                </button>
              )}
            </div>
            <Listbox
              id={listboxId}
              options={options}
              activeIndex={state.activeIndex}
              onChoose={(option) => navigate(option.href)}
              labelledBy={headingId}
              emptyText={open && state.results.length === 0 ? t("typeahead.noResults") : undefined}
            />
          </div>
        </>
      )}
      {state.error && (
        <Alert
          alertType="error"
          position="bottom-right"
          title={state.statusText}
          message="typeahead.error"
          notifyOnClose={() => dispatch({ type: "dismissError" })}
        />
      )}
    </div>
  );
}
