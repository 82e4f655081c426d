/** A small bilingual content set for the search tests (the relevance tests use the real content/). */
import type { IndexSource } from "./records";

export function sampleSource(): IndexSource {
  const taxes = {
    id: "property-taxes",
    title: "Property taxes",
    localizations: [{ locale: "es", title: "Impuestos" }],
  };
  const treasurer = {
    id: "treasurer",
    title: "County Treasurer",
    localizations: [{ locale: "es", title: "Tesorería del Condado" }],
  };
  return {
    activities: [
      {
        id: "pay-property-taxes",
        slug: "pay-property-taxes",
        title: "Pay property taxes",
        subtitle: "Pay online, by mail or in person",
        short_description: "Pay your spring or fall installment.",
        description: {
          markdown: "## Ways to pay\n\n- **Online** with a card\n- By [mail](https://example.org)",
        },
        activity_type: "Payment",
        agencies: [treasurer],
        tags: [{ id: "pay", title: "Pay", type: "verb", localizations: [{ locale: "es", title: "Pagar" }] }],
        topics: [taxes],
        localizations: [
          {
            locale: "es",
            title: "Pagar los impuestos sobre la propiedad",
            subtitle: "Pague en línea, por correo o en persona",
            short_description: "Pague su cuota de primavera u otoño.",
            description: { markdown: "## Formas de pago\n\nEn línea con tarjeta." },
          },
        ],
      },
      {
        id: "apply-for-a-homestead-deduction",
        slug: "apply-for-a-homestead-deduction",
        title: "Apply for a homestead deduction",
        subtitle: "Lower the taxes on the home you live in",
        description: { markdown: "The homestead deduction lowers the assessed value of your home." },
        activity_type: "Learn",
        topics: [taxes],
        localizations: [
          {
            locale: "es",
            title: "Solicitar la deducción por vivienda principal",
            subtitle: null,
            description: { markdown: "La deducción reduce el valor tasado de su vivienda." },
          },
        ],
      },
      {
        id: "report-a-pothole",
        slug: "report-a-pothole",
        title: "Report a pothole",
        subtitle: "Tell Public Works about holes in city streets",
        activity_type: "Learn",
        localizations: [
          { locale: "es", title: "Reportar un bache", subtitle: "Avise sobre hoyos en las calles" },
        ],
      },
      {
        id: "register-to-vote",
        slug: "register-to-vote",
        title: "Register to vote",
        external_content_url: "https://vote.example.org/register",
        activity_type: "Learn",
        localizations: [{ locale: "es", title: "Inscribirse para votar" }],
      },
      {
        id: "find-your-trash-pickup-day",
        slug: "find-your-trash-pickup-day",
        title: "Find your trash pickup day",
        subtitle: "See when trash and recycling are collected",
        activity_type: "Learn",
        localizations: [{ locale: "es", title: "Buscar su día de recolección de basura" }],
      },
    ],
    agencies: [
      {
        id: "treasurer",
        slug: "treasurer",
        title: "Office of the County Treasurer",
        subtitle: "Property tax bills and payments",
        localizations: [{ locale: "es", title: "Oficina del Tesorero del Condado" }],
      },
    ],
    topics: [
      {
        id: "property-taxes",
        slug: "property-taxes",
        title: "Property taxes",
        description: { markdown: "Pay, lower or appeal your property taxes." },
        localizations: [{ locale: "es", title: "Impuestos sobre la propiedad" }],
      },
    ],
    services: [
      {
        name: "homestead-deduction-application",
        title: { en: "Homestead deduction application", es: "Solicitud de deducción por vivienda principal" },
      },
    ],
  };
}

export const SAMPLE_SYNONYMS = [
  ["trash", "garbage", "basura"],
  ["pothole", "bache"],
];
