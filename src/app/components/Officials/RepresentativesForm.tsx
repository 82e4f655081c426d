import { useTranslation } from "../../i18n/use-translation";
import { Island } from "../../islands/Island";
import "../../styles/lookup.css";
import "./Officials.css";

export interface RepresentativesFormProps {
  /** What the box shows (the address typed, or the one chosen). */
  value?: string;
  /** The message for what was typed; the box is marked invalid and described by it. */
  error?: string;
  lang?: "en" | "es";
  /** Unique on the page: the box's id is made from it. */
  id?: string;
}

/**
 * "Find your representatives": a plain GET form to /find-my-representatives, the same with or
 * without JavaScript; with it, the address box suggests city addresses (AddressCombobox).
 */
export function RepresentativesForm({
  value,
  error,
  lang,
  id = "representatives",
}: RepresentativesFormProps) {
  const { t } = useTranslation("officials");
  const input = `${id}-address`;
  const described = [`${input}-hint`, error ? `${input}-error` : ""].filter(Boolean).join(" ");
  return (
    <form method="get" action="/find-my-representatives" className="cp-representatives-form cp-lookup-form">
      <div className={`usa-form-group${error ? " usa-form-group--error" : ""}`}>
        <label className="usa-label" htmlFor={input}>
          {t("find.label")}
        </label>
        <span className="usa-hint" id={`${input}-hint`}>
          {t("find.hint")}
        </span>
        {error ? (
          <span className="usa-error-message" id={`${input}-error`}>
            <span className="usa-sr-only">{t("forms:errorPrefix")} </span>
            {error}
          </span>
        ) : null}
        <div className="cp-lookup-form__row">
          {/* A plain text box; with JavaScript it suggests city addresses (issue 15). */}
          <Island
            name="AddressCombobox"
            props={{
              id: input,
              name: "address",
              defaultValue: value ?? "",
              inputClassName: `usa-input${error ? " usa-input--error" : ""}`,
              invalid: Boolean(error),
              describedBy: described,
            }}
          />
          {lang ? <input type="hidden" name="lang" value={lang} /> : null}
          <button type="submit" className="usa-button">
            {t("find.submit")}
          </button>
        </div>
      </div>
    </form>
  );
}
