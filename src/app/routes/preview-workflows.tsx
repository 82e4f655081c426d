import { data } from "react-router";
import { createI18n } from "../i18n";
import { useTranslation } from "../i18n/use-translation";
import { CheckSummary, StaffNotice } from "../lib/staff-preview";
import { previewList, STAFF_HEADERS, staffOnly } from "../lib/workflow-preview.server";
import type { Route } from "./+types/preview-workflows";
import "./preview-workflows.css";

/**
 * /preview/workflows (staff only: the editors' preview session): every online service with what
 * `npm run workflow -- check` finds in it, and the files the site refused to load.
 */
export async function loader({ context }: Route.LoaderArgs) {
  staffOnly(context);
  const list = await previewList(context);
  return data(
    { ...list, title: createI18n(context.locale).t("preview:staff.listTitle") },
    { headers: STAFF_HEADERS },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** Server-rendered HTML; nothing on these pages needs JavaScript. */
export const handle = { hydrate: false };

export const meta = ({ data: d }: Route.MetaArgs) =>
  d ? [{ title: d.title }, { name: "robots", content: "noindex, nofollow" }] : [];

export default function PreviewWorkflows({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("preview");
  const { services, refused, title } = loaderData;
  const other = i18n.language === "es" ? "en" : "es";
  return (
    <div className="cp-container cp-staff">
      <StaffNotice />
      <h1>{title}</h1>
      <p>{t("staff.listIntro")}</p>
      <table className="cp-staff__table">
        <thead>
          <tr>
            <th scope="col">{t("staff:home.service")}</th>
            <th scope="col">{t("staff.file")}</th>
            <th scope="col">{t("staff.screens")}</th>
            <th scope="col">{t("staff.check")}</th>
          </tr>
        </thead>
        <tbody>
          {services.map((service) => (
            <tr key={service.name}>
              <td>
                <a href={`/preview/workflows/${encodeURIComponent(service.name)}`}>
                  {service.title[i18n.language === "es" ? "es" : "en"]}
                </a>
                <br />
                <span lang={other} className="cp-staff__muted">
                  {service.title[other]}
                </span>
              </td>
              <td>
                <code>{service.file}</code>
              </td>
              <td>{service.screens}</td>
              <td>
                <CheckSummary errors={service.errors} warnings={service.warnings} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {refused.length > 0 && (
        <section aria-labelledby="refused">
          <h2 id="refused">{t("staff.refusedTitle")}</h2>
          <p>{t("staff.refusedIntro")}</p>
          {refused.map((file) => (
            <div key={file.file}>
              <h3>
                <code>{file.file}</code>
              </h3>
              <ul>
                {file.problems.map((p, i) => (
                  <li key={i}>
                    <code>{p.where}</code>: {p.message}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      )}
    </div>
  );
}
