import type { Locale } from "../../i18n";
import type { MarkdownRichTextProps as RichTextProps } from "./MarkdownRichText";

export interface RichTextExample {
  name: string;
  locale: Locale;
  props: RichTextProps;
}

const kitchenSink = `## What you need

You can apply **online**, by mail or *in person*. Read the [full guide](/activity/apply-for-a-homestead-deduction).

1. Your parcel number
2. The last five digits of your ID

> Deductions take up to 48 hours to show on your account.

| Deduction | Who can apply | Deadline |
| --- | --- | --- |
| Homestead | Owners who live in the home | December 31 |
| Over 65 | Owners 65 or older on December 31 of last year | December 31 |

<table>
  <tr><th>Office</th><th>Phone</th></tr>
  <tr><th>Assessor</th><td><a href="tel:+15550103110">(555) 010-3110</a></td></tr>
</table>

<iframe src="https://www.youtube.com/embed/abc123" title="How to apply" allowfullscreen></iframe>

<iframe src="https://maps.cedarport.gov/parcels"></iframe>

<iframe src="https://forms.example.com/survey" title="Survey" sandbox="allow-same-origin allow-top-navigation"></iframe>

Download the [form (PDF)](https://images.cedarport.gov/forms/homestead.pdf?dl=1&_ga=2.123&v=3), read the
[state law](https://iga.in.gov/laws/2024/ic/titles/6) or see [our news](https://www.cedarport.gov/news).

<script>alert("hacked")</script>
<style>body { display: none }</style>
<a href="javascript:alert(1)" onclick="alert(2)">Click me</a>
`;

export const richTextExamples: RichTextExample[] = [
  {
    name: "paragraphs and a list",
    locale: "en",
    props: {
      markdown:
        "Trash is picked up once a week.\n\n- Put carts at the curb by 7 a.m.\n- Keep lids closed\n\nCall [311](tel:311) with questions.",
    },
  },
  {
    name: "Spanish text with an outside link",
    locale: "es",
    props: {
      markdown:
        "La basura se recoge una vez por semana. Consulte el [calendario del estado](https://www.in.gov/calendario) para los días feriados.",
    },
  },
  {
    name: "headings shifted under the page's own",
    locale: "en",
    props: {
      markdown: "# Eligibility\n\nOwners who live in the home.\n\n## Documents\n\nA copy of your deed.",
      headingOffset: 1,
    },
  },
  {
    name: "table with mobile labels, in Spanish",
    locale: "es",
    props: {
      markdown:
        "| Deducción | Plazo |\n| --- | --- |\n| Vivienda principal | 31 de diciembre |\n| Mayores de 65 años | 31 de diciembre |",
    },
  },
  { name: "kitchen sink", locale: "en", props: { markdown: kitchenSink, headingOffset: 1 } },
  {
    name: "kitchen sink, in Spanish",
    locale: "es",
    props: { markdown: kitchenSink, siteHost: "www.cedarport.gov" },
  },
];
