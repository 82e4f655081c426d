import type { Locale } from "../../i18n";
import type { TextBlockProps } from "./TextBlock";

export interface TextBlockExample {
  name: string;
  locale: Locale;
  props: TextBlockProps;
  /** The text a reader sees, runs of white space taken as one space. */
  expected: string;
}

const now = { year: 2025, month: 3, day: 5 };

export const textBlockExamples: TextBlockExample[] = [
  {
    name: "plain text",
    locale: "en",
    props: { text: "Your request has been received." },
    expected: "Your request has been received.",
  },
  {
    name: "today's date",
    locale: "en",
    props: {
      text: "Submitted on {today}.",
      replace: { today: { type: "func", name: "date" } },
      context: { now },
    },
    expected: "Submitted on March 5, 2025.",
  },
  {
    name: "today's date, in Spanish",
    locale: "es",
    props: {
      text: "Enviada el {today}.",
      replace: { today: { type: "func", name: "date" } },
      context: { now },
    },
    expected: "Enviada el 5 de marzo de 2025.",
  },
  {
    name: "an API response and bound data",
    locale: "en",
    props: {
      text: "Parcel {parcel} is owned by {owner}.",
      replace: {
        parcel: { type: "apiResponse", value_location: "property", property: "parcelNumber" },
        owner: { type: "bound_data", location: "owner.name" },
      },
      context: {
        now,
        apiResponse: { property: { parcelNumber: "1234567" } },
        boundData: { owner: { name: "Ana *Ruiz*" } },
      },
    },
    expected: "Parcel 1234567 is owned by Ana *Ruiz*.",
  },
  {
    name: "kitchen sink: every kind, a missing value, Markdown, in Spanish",
    locale: "es",
    props: {
      markdown: true,
      text: "**Número de solicitud:** {submission}\n\nSolicitante: {name}, parcela {parcel}, fecha {today}. Referencia: {missing}",
      replace: {
        submission: { type: "apiResponse", value_location: "result.submissionNumber" },
        name: { type: "reference", screen: "applicant", input: "name", property: "first" },
        parcel: { type: "bound_data", location: "parcels[0]" },
        today: { type: "func", name: "date" },
        missing: { type: "bound_data", location: "nowhere" },
      },
      context: {
        now,
        apiResponse: { result: { submissionNumber: "HX7K2MPQ" } },
        answers: { applicant: { name: { first: "Lucía" } } },
        boundData: { parcels: ["4901234"] },
      },
    },
    expected:
      "Número de solicitud: HX7K2MPQ Solicitante: Lucía, parcela 4901234, fecha 5 de marzo de 2025. Referencia:",
  },
];
