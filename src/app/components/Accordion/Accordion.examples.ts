import type { Locale } from "../../i18n";
import { renderRichText } from "../RichText/render-rich-text.server";
import type { AccordionProps } from "./Accordion";

/** Examples carry what the server sends: content Markdown already rendered to HTML. */
const md = (markdown: string) => renderRichText(markdown, "en", { headingOffset: 3 });

export interface AccordionExample {
  name: string;
  locale: Locale;
  props: AccordionProps;
}

export const accordionExamples: AccordionExample[] = [
  {
    name: "questions, all closed",
    locale: "en",
    props: {
      items: [
        {
          id: "who",
          title: "Who can apply?",
          description: md("Owners who live in the home as their main residence on **January 1**."),
        },
        {
          id: "when",
          title: "When is the deadline?",
          description: md("Apply by December 31 to lower next year's tax bill."),
        },
      ],
    },
  },
  {
    name: "Spanish, one open, h2 titles",
    locale: "es",
    props: {
      headingLevel: 2,
      openIds: ["documentos"],
      items: [
        {
          id: "quien",
          title: "¿Quién puede solicitarla?",
          description: md("Los dueños que viven en la propiedad como residencia principal."),
        },
        {
          id: "documentos",
          title: "¿Qué documentos necesito?",
          description: md("- Su número de parcela\n- Los últimos cinco dígitos de su identificación"),
        },
      ],
    },
  },
  {
    name: "disabled: open and not collapsible",
    locale: "en",
    props: {
      disabled: true,
      items: [{ id: "filters", title: "Filters", description: md("Choose an agency or a topic.") }],
    },
  },
  {
    name: "kitchen sink: nested items, Markdown headings and a table",
    locale: "en",
    props: {
      headingLevel: 2,
      openIds: ["fees", "fees-card"],
      items: [
        {
          id: "fees",
          title: "Fees and payment",
          description: md(
            "# Fees\n\n| Payment | Fee |\n| --- | --- |\n| Credit card | 2.5% |\n| ACH/EFT | None |\n\nSee the [state rules](https://www.in.gov/dlgf/).",
          ),
          items: [
            { id: "fees-card", title: "Paying by card", description: md("The 2.5% fee is non-refundable.") },
            {
              id: "fees-ach",
              title: "Paying by bank account",
              description: md("Have your routing number ready."),
            },
          ],
        },
        { id: "empty", title: "Contact", description: null },
      ],
    },
  },
  {
    name: "kitchen sink, in Spanish",
    locale: "es",
    props: {
      headingLevel: 4,
      items: [
        {
          id: "pagos",
          title: "Pagos",
          description: md("## Cargos\n\nEl cargo del 2.5% no es reembolsable."),
          items: [
            {
              id: "tarjeta",
              title: "Con tarjeta",
              description: md("Visa, Mastercard, American Express o Discover."),
            },
          ],
        },
      ],
    },
  },
];
