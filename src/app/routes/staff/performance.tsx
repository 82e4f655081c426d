import { data } from "react-router";
import { StaffTable } from "../../components/staff/StaffTable";
import { useTranslation } from "../../i18n/use-translation";
import { notFound } from "../../lib/http";
import { orForbidden, requireStaff, STAFF_HEADERS } from "../../lib/staff.server";
import { withLang } from "../../lib/staff-links";
import type { Route } from "./+types/performance";

/**
 * A service's dashboard: starts, completions, the completion rate and the median time to complete
 * over the last 7, 30 or 90 days, by language and with or without JavaScript; a chart of each day;
 * how many answered each screen; the questions refused most. Charts are server-drawn SVG, each with
 * its figures in a table, so the page needs no script and a screen reader gets every number.
 */
const PERIODS = [7, 30, 90] as const;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const session = await requireStaff(context, request);
  if (!context.services.workflows.get(params.name)) throw notFound();
  const asked = Number(new URL(request.url).searchParams.get("days"));
  const days = (PERIODS as readonly number[]).includes(asked) ? asked : 30;
  const found = await orForbidden(() =>
    context.services.backOffice.performance(session, params.name, days, context.locale),
  );
  const base = `/staff/services/${params.name}`;
  return data(
    {
      ...found,
      period: days,
      locale: context.locale,
      inboxHref: withLang(base, context.locale),
      periods: PERIODS.map((n) => ({ n, href: withLang(`${base}/performance?days=${n}`, context.locale) })),
    },
    { headers: STAFF_HEADERS },
  );
}

export const meta = () => [{ name: "robots", content: "noindex, nofollow" }];

const percent = (value: number | null) => (value === null ? null : `${Math.round(value * 100)}%`);

/** Daily starts and completions as bars, scaled to the busiest day. */
function DailyChart({
  days,
  title,
}: {
  days: { day: string; starts: number; completions: number }[];
  title: string;
}) {
  const width = 640;
  const height = 160;
  const max = Math.max(1, ...days.map((d) => d.starts));
  const slot = width / days.length;
  const bar = Math.max(1, slot * 0.4);
  const y = (n: number) => height - (n / max) * (height - 4);
  return (
    <svg
      className="cp-staff-chart"
      viewBox={`0 0 ${width} ${height + 1}`}
      role="img"
      aria-label={title}
      preserveAspectRatio="none"
    >
      <line x1="0" y1={height} x2={width} y2={height} className="cp-staff-chart__axis" />
      {days.map((d, i) => (
        <g key={d.day}>
          <rect
            x={i * slot + slot * 0.1}
            y={y(d.starts)}
            width={bar}
            height={height - y(d.starts)}
            className="cp-staff-chart__starts"
          />
          <rect
            x={i * slot + slot * 0.1 + bar}
            y={y(d.completions)}
            width={bar}
            height={height - y(d.completions)}
            className="cp-staff-chart__completions"
          />
        </g>
      ))}
    </svg>
  );
}

export default function StaffPerformance({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  const p = (key: string, values?: Record<string, unknown>) => t(`performance.${key}`, values);
  const minutes =
    d.medianSeconds === null
      ? p("none")
      : d.medianSeconds < 60
        ? p("seconds")
        : p("minutes", { count: Math.round(d.medianSeconds / 60) });
  const maxAnswered = Math.max(1, ...d.screens.map((s) => s.answered));
  const splitRows = [
    ...Object.entries(d.byLanguage).map(([lang, v]) => ({
      key: lang,
      label: lang === "es" ? "Español" : "English",
      ...v,
    })),
  ];
  const chartTitle = p("chartTitle", { from: d.from, to: d.to });
  return (
    <div className="cp-container cp-staff">
      <title>{`${p("title", { service: d.title })}: ${t("console")}`}</title>
      <p>
        <a className="cp-back-link" href={d.inboxHref}>
          {t("case.back", { service: d.title })}
        </a>
      </p>
      <h1>{p("title", { service: d.title })}</h1>
      <nav aria-label={p("periods")}>
        <ul className="cp-staff-tabs">
          {d.periods.map(({ n, href }) => (
            <li key={n}>
              <a href={href} aria-current={n === d.period ? "page" : undefined}>
                {p("days", { count: n })}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <dl className="cp-staff-kpis">
        <div>
          <dt>{p("starts")}</dt>
          <dd>{d.starts}</dd>
        </div>
        <div>
          <dt>{p("completions")}</dt>
          <dd>{d.completions}</dd>
        </div>
        <div>
          <dt>{p("rate")}</dt>
          <dd>{percent(d.completionRate) ?? p("none")}</dd>
        </div>
        <div>
          <dt>{p("median")}</dt>
          <dd>{minutes}</dd>
        </div>
      </dl>

      <figure className="cp-staff-figure">
        <figcaption>
          {chartTitle} <span className="cp-staff-legend cp-staff-legend--starts">{p("starts")}</span>{" "}
          <span className="cp-staff-legend cp-staff-legend--completions">{p("completions")}</span>
        </figcaption>
        <DailyChart days={d.days} title={chartTitle} />
        <details>
          <summary>{p("chartTable")}</summary>
          <StaffTable
            columns={[
              { label: p("day") },
              { label: p("starts"), numeric: true },
              { label: p("completions"), numeric: true },
            ]}
            rows={d.days.map((day) => ({ key: day.day, cells: [day.day, day.starts, day.completions] }))}
          />
        </details>
      </figure>

      <div className="cp-staff-columns cp-staff-columns--even">
        <section aria-labelledby="perf-language">
          <h2 id="perf-language">{p("byLanguage")}</h2>
          <SplitTable
            heading={p("language")}
            rows={splitRows}
            labels={{ starts: p("starts"), completions: p("completions"), rate: p("rate"), none: p("none") }}
          />
        </section>
        <section aria-labelledby="perf-js">
          <h2 id="perf-js">{p("byJavaScript")}</h2>
          <SplitTable
            heading={p("browser")}
            rows={[
              { key: "with", label: p("withJs"), ...d.byJavaScript.with },
              { key: "without", label: p("withoutJs"), ...d.byJavaScript.without },
            ]}
            labels={{ starts: p("starts"), completions: p("completions"), rate: p("rate"), none: p("none") }}
          />
        </section>
      </div>

      <section aria-labelledby="perf-screens">
        <h2 id="perf-screens">{p("screens")}</h2>
        <p>{p("screensIntro")}</p>
        <StaffTable
          columns={[{ label: p("screen") }, { label: p("answered"), numeric: true }]}
          rows={d.screens.map((s) => ({
            key: s.name,
            cells: [
              s.title,
              <span key="answered" className="cp-staff-bar-cell">
                <span
                  className="cp-staff-bar-cell__bar"
                  style={{ width: `${(s.answered / maxAnswered) * 100}%` }}
                  aria-hidden="true"
                />
                <span>{s.answered}</span>
              </span>,
            ],
          }))}
        />
      </section>

      <section aria-labelledby="perf-errors">
        <h2 id="perf-errors">{p("errors")}</h2>
        <p>{p("errorsIntro")}</p>
        {d.errors.length === 0 ? (
          <p>{p("noErrors")}</p>
        ) : (
          <StaffTable
            columns={[{ label: p("field") }, { label: p("screen") }, { label: p("refused"), numeric: true }]}
            rows={d.errors.map((e) => ({
              key: `${e.screen}${e.field}`,
              cells: [e.label, d.screens.find((s) => s.name === e.screen)?.title ?? e.screen, e.count],
            }))}
          />
        )}
      </section>
      <p className="cp-staff-note">{p("privacy")}</p>
    </div>
  );
}

function SplitTable({
  heading,
  rows,
  labels,
}: {
  heading: string;
  rows: { key: string; label: string; starts: number; completions: number }[];
  labels: { starts: string; completions: string; rate: string; none: string };
}) {
  return (
    <StaffTable
      columns={[
        { label: heading },
        { label: labels.starts, numeric: true },
        { label: labels.completions, numeric: true },
        { label: labels.rate, numeric: true },
      ]}
      rows={rows.map((r) => ({
        key: r.key,
        cells: [
          r.label,
          r.starts,
          r.completions,
          percent(r.starts ? Math.min(1, r.completions / r.starts) : null) ?? labels.none,
        ],
      }))}
    />
  );
}
