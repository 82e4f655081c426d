import { localizeDeep } from "../../domain/localize";
import { Breadcrumbs } from "../components/Breadcrumbs/Breadcrumbs";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { RichText } from "../components/RichText/RichText";
import { renderRichText } from "../components/RichText/render-rich-text.server";
import { notFound, stageOf } from "../lib/http";
import { pageTitle } from "../lib/view-models";
import type { Route } from "./+types/page";

/** A standalone content page at /{slug} (privacy, accessibility, language access). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, locale, draft } = context;
  const page = await services.content(draft).page(params.slug, stageOf(draft));
  if (!page) throw notFound();
  const site = await services.site();
  const localized = localizeDeep(page, locale);
  return {
    siteName: site?.name?.[locale],
    page: localized,
    descriptionHtml: renderRichText(localized.description?.markdown, locale),
  };
}

/** Server-rendered HTML, enhanced by the islands script (docs/adr/0003-islands.md). */
export const handle = { hydrate: false };

export const meta = ({ data }: Route.MetaArgs) =>
  data
    ? [
        { title: pageTitle(data.page.title, data.siteName) },
        {
          name: "description",
          content: data.page.subtitle ?? data.page.description?.raw?.slice(0, 160) ?? "",
        },
      ]
    : [];

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page, descriptionHtml } = loaderData;
  return (
    <div className="cp-container">
      <PageHeader
        title={page.title}
        subtitle={page.subtitle}
        breadcrumbs={<Breadcrumbs items={[{ title: page.title }]} />}
      />
      <RichText html={descriptionHtml} />
    </div>
  );
}
