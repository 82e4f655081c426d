import type { Locale } from "../../i18n";
import type { PersonCardProps } from "./PersonCard";
import { PersonContact } from "./PersonContact";

export interface PersonCardExample {
  locale: Locale;
  props: PersonCardProps;
}

export const personCardExamples = {
  english: {
    locale: "en",
    props: {
      person: {
        name: "Priya Raman",
        title: "County Assessor",
        image: { url: "/images/people/priya-raman.jpg" },
        biography:
          "Priya Raman was elected County Assessor in 2022 after twelve years as a property appraiser.",
      },
    },
  },
  spanish: {
    locale: "es",
    props: {
      person: {
        name: "Priya Raman",
        title: "Tasadora del Condado",
        image: { url: "/images/people/priya-raman.jpg" },
        biography:
          "Priya Raman fue elegida Tasadora del Condado en 2022, tras doce años como tasadora de propiedades.",
      },
    },
  },
  nameOnly: { locale: "en", props: { person: { name: "Marcus Bell" } } },
  withContact: {
    locale: "es",
    props: {
      person: {
        name: "Luis Ortega",
        title: "Concejal de la Ciudad y el Condado, Distrito 2",
        image: { url: "/images/people/councilor-luis-ortega.svg" },
        biography: "Luis Ortega representa al Distrito 2: el municipio de Harbor.",
      },
      href: "/person/councilor-luis-ortega",
      children: (
        <PersonContact
          contact={{
            address1: "200 E. Market Street",
            address2: "Suite 241",
            city: "Cedarport",
            state: "IN",
            zip: "46204",
            phone: "(555) 010-2450",
            email: "council@cedarport.gov",
          }}
        />
      ),
    },
  },
  kitchenSink: {
    locale: "en",
    props: {
      person: {
        name: "Dolores Whitfield",
        title: "Mayor of Cedarport",
        image: { url: "/images/people/dolores-whitfield.jpg" },
        biography: (
          <>
            <p>
              Mayor Whitfield grew up on the near east side and served two terms on the City-County Council.
            </p>
            <p>
              Her priorities are <strong>safer streets</strong>, faster permits and parks within a ten-minute
              walk of every home.
            </p>
          </>
        ),
      },
      href: "/activity/contact-the-mayor",
      headingLevel: 2,
    },
  },
} satisfies Record<string, PersonCardExample>;
