import { data } from "react-router";
import { createI18n } from "../i18n";
import { useTranslation } from "../i18n/use-translation";
import { CheckSummary, StaffNotice } from "../lib/staff-preview";
import type { ScreenPreview, ScreenTexts } from "../lib/workflow-preview";
import { previewService, STAFF_HEADERS, staffOnly } from "../lib/workflow-preview.server";
import type { Route } from "./+types/preview-workflow";
import "./preview-workflows.css";

/**
 * /preview/workflows/<name> (staff only: the editors' preview session): one service as staff
 * review it before it goes live: what `workflow check` finds, its map, and every screen in
 * English and Spanish side by side, with where each answer leads.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  staffOnly(context);
  const service = await previewService(context, params.name);
  const badge = createI18n(context.locale).t("preview:staff.badge");
  return data(
    { ...service, pageTitle: `${service.title[context.locale]} | ${badge}` },
    { headers: STAFF_HEADERS },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** Server-rendered HTML; nothing on these pages needs JavaScript. */
export const handle = { hydrate: false };

export const meta = ({ data: d }: Route.MetaArgs) =>
  d ? [{ title: d.pageTitle }, { name: "robots", content: "noindex, nofollow" }] : [];

const screenId = (name: string) => `screen-${name}`;

function Texts({ texts, lang }: { texts: ScreenTexts; lang: "en" | "es" }) {
  const { t } = useTranslation("preview");
  // The labels ("Title", "Hint") are in the page's language, the texts in the column's: each text
  // carries its own `lang`, so a screen reader reads both right.
  return (
    <div className="cp-staff__language">
      <h4>{t(lang === "en" ? "staff.english" : "staff.spanish")}</h4>
      <dl>
        <dt>{t("staff.screenTitle")}</dt>
        <dd lang={lang}>{texts.title}</dd>
        {texts.hint && (
          <>
            <dt>{t("staff.hint")}</dt>
            <dd lang={lang}>{texts.hint}</dd>
          </>
        )}
        {texts.texts.length > 0 && (
          <>
            <dt>{t("staff.texts")}</dt>
            {texts.texts.map((entry, i) => (
              <dd key={i} className="cp-staff__text">
                {entry.when && (
                  <span className="cp-staff__when">{t("staff.nextWhen", { condition: entry.when })}: </span>
                )}
                <span lang={lang}>{entry.text}</span>
              </dd>
            ))}
          </>
        )}
        {texts.repeat && (
          <>
            <dt>{t("staff.repeat", { max: texts.repeat.max })}</dt>
            <dd>
              {t("staff.itemTitle")}: <span lang={lang}>{texts.repeat.itemTitle}</span>
              {texts.repeat.addLabel && (
                <>
                  <br />
                  {t("staff.addLabel")}: <span lang={lang}>{texts.repeat.addLabel}</span>
                </>
              )}
            </dd>
          </>
        )}
        {texts.button && (
          <>
            <dt>{t("staff.button")}</dt>
            <dd lang={lang}>{texts.button}</dd>
          </>
        )}
      </dl>
      {texts.fields.length > 0 && (
        <>
          <h5>{t("staff.fields")}</h5>
          <ul className="cp-staff__fields">
            {texts.fields.map((field) => (
              <li key={field.name}>
                <strong lang={lang}>{field.label}</strong> <code lang="en">{field.name}</code>
                {field.required && <span className="cp-staff__muted"> ({t("staff.required")})</span>}
                {field.hint && (
                  <div lang={lang} className="cp-staff__muted">
                    {field.hint}
                  </div>
                )}
                {field.choices.length > 0 && (
                  <div>
                    {t("staff.choices")}: <span lang={lang}>{field.choices.join(" · ")}</span>
                  </div>
                )}
                {field.filteredBy && (
                  <div>
                    {t("staff.choicesFilteredBy", { by: field.filteredBy.by })}
                    <ul>
                      {field.filteredBy.rules.map((rule) => (
                        <li key={rule.answer}>
                          <code lang="en">{rule.answer}</code>:{" "}
                          <span lang={lang}>{rule.choices.join(" · ")}</span>
                        </li>
                      ))}
                      <li>
                        {t("staff.otherAnswers")}:{" "}
                        <span lang={lang}>{(field.filteredBy.otherwise ?? field.choices).join(" · ")}</span>
                      </li>
                    </ul>
                  </div>
                )}
                {field.choicesFrom && (
                  <div>
                    {t("staff.choicesFrom", { from: field.choicesFrom.from, value: field.choicesFrom.value })}
                    : <span lang={lang}>{field.choicesFrom.label}</span>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function Screen({ screen }: { screen: ScreenPreview }) {
  const { t } = useTranslation("preview");
  return (
    <section
      className={`cp-staff__screen cp-staff__screen--${screen.type}`}
      aria-labelledby={screenId(screen.name)}
    >
      <h3 id={screenId(screen.name)}>
        <code lang="en">{screen.name}</code>{" "}
        <span className="cp-staff__type">{t(`staff.type.${screen.type}`)}</span>
        {screen.start && <span className="cp-staff__type">{t("staff.startScreen")}</span>}
      </h3>
      {screen.calls.map((call, i) => (
        <p key={i} className="cp-staff__call">
          {t(call.followUp ? "staff.followUp" : "staff.call", call)}
        </p>
      ))}
      <div className="cp-staff__languages">
        <Texts texts={screen.en} lang="en" />
        <Texts texts={screen.es} lang="es" />
      </div>
      <h4>{t("staff.next")}</h4>
      {screen.next.length === 0 ? (
        <p>{t("staff.end")}</p>
      ) : (
        <ul>
          {screen.next.map((way, i) => (
            <li key={i}>
              <a href={`#${screenId(way.to)}`}>{t("staff.nextTo", { screen: way.to })}</a>
              {way.when && <> {t("staff.nextWhen", { condition: way.when })}</>}
              {way.otherwise && <> {t("condition.otherwise")}</>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function PreviewWorkflow({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("preview");
  const d = loaderData;
  const page = i18n.language === "es" ? "es" : "en";
  const other = page === "en" ? "es" : "en";
  return (
    <div className="cp-container cp-staff">
      <StaffNotice />
      <p>
        <a href="/preview/workflows">{t("staff:inbox.back")}</a>
      </p>
      <h1>{d.title[page]}</h1>
      <p lang={other} className="cp-staff__subtitle">
        {d.title[other]}
      </p>
      {d.description && (
        <div className="cp-staff__languages">
          <p lang="en">{d.description.en}</p>
          <p lang="es">{d.description.es}</p>
        </div>
      )}
      <dl className="cp-staff__facts">
        <dt>{t("staff:home.service")}</dt>
        <dd>
          <code>{d.name}</code>
        </dd>
        <dt>{t("staff.file")}</dt>
        <dd>
          <code>{d.file}</code>
        </dd>
        <dt>{t("staff.startScreen")}</dt>
        <dd>
          <a href={`#${screenId(d.start)}`}>
            <code>{d.start}</code>
          </a>
        </dd>
      </dl>
      <ul className="cp-staff__start">
        <li>
          <a className="usa-button" href={d.href}>
            {t("staff.start")}
          </a>
        </li>
        <li>
          <a className="usa-button usa-button--outline" href={`${d.href}?lang=es`}>
            {t("staff.startEs")}
          </a>
        </li>
      </ul>

      <section aria-labelledby="check">
        <h2 id="check">{t("staff.lintTitle")}</h2>
        <p>
          <CheckSummary errors={d.check.errors} warnings={d.check.warnings} />
        </p>
        {d.check.problems.length === 0 ? (
          <p>{t("staff.lintNone")}</p>
        ) : (
          <table className="cp-staff__table">
            <thead>
              <tr>
                <th scope="col">{t("staff.check")}</th>
                <th scope="col">{t("staff.where")}</th>
                <th scope="col">{t("staff.problem")}</th>
              </tr>
            </thead>
            <tbody>
              {d.check.problems.map((p, i) => (
                <tr key={i}>
                  <td className={p.severity === "error" ? "cp-staff__errors" : "cp-staff__warnings"}>
                    {t(p.severity === "error" ? "staff.error" : "staff.warning")}
                  </td>
                  <td>
                    <code>{p.where}</code>
                  </td>
                  <td lang="en">{p.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <h2 id="map">{t("staff.mapTitle")}</h2>
      {/*
       * The map is an image (role="img") with its own title and description. A wide one scrolls in
       * its frame, so the frame is a named region that the keyboard can reach to scroll it.
       */}
      <section
        className="cp-staff__map"
        aria-labelledby="map"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
        tabIndex={0}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: workflowMap escapes every text it draws (map.test.ts).
        dangerouslySetInnerHTML={{ __html: d.map }}
      />
      <p className="cp-staff__muted">{t("staff.mapFile", { file: d.mapFile })}</p>

      <section aria-labelledby="screens">
        <h2 id="screens">{t("staff.screensTitle")}</h2>
        {d.screens.map((screen) => (
          <Screen key={screen.name} screen={screen} />
        ))}
      </section>
    </div>
  );
}
