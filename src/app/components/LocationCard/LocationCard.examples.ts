import type { Locale } from "../../i18n";
import type { LocationCardProps } from "./LocationCard";

export interface LocationCardExample {
  locale: Locale;
  props: LocationCardProps;
}

const assessorOffice = {
  address1: "200 E. Market Street",
  address2: "Suite 1360",
  city: "Cedarport",
  state: "IN",
  zip: "46204",
  phone: "(555) 010-4200",
  fax: "(555) 010-4299",
  email: "assessor@cedarport.gov",
  facebook_url: "https://www.facebook.com/CedarportAssessor",
};

export const locationCardExamples = {
  english: {
    locale: "en",
    props: {
      title: "Visit or contact us",
      owner: "Office of the County Assessor",
      location: {
        ...assessorOffice,
        hours1: "Monday to Friday, 8 a.m. to 4:30 p.m.",
        hours2: "Walk-in help with appeals until 3:30 p.m.",
      },
    },
  },
  spanish: {
    locale: "es",
    props: {
      title: "Visítenos o comuníquese con nosotros",
      owner: "Oficina del Tasador del Condado",
      location: {
        ...assessorOffice,
        hours1: "De lunes a viernes, de 8 a.m. a 4:30 p.m.",
        hours2: "Ayuda sin cita para apelaciones hasta las 3:30 p.m.",
      },
    },
  },
  phoneOnly: { locale: "en", props: { location: { phone: "311" } } },
  kitchenSink: {
    locale: "en",
    props: {
      title: "Cedarport Parks and Recreation",
      headingLevel: 2,
      location: {
        address1: "Garfield Park Conservatory",
        address2: "2505 Conservatory Drive",
        address3: "Lower level, east entrance",
        city: "Cedarport",
        state: "IN",
        zip: "46203",
        phone: "1-555-010-7275",
        fax: "555.010.7299",
        email: " parks@cedarport.gov ",
        hours1: "Every day, 10 a.m. to 5 p.m.",
        hours2: "Closed on Thanksgiving and December 25",
        facebook_url: "https://www.facebook.com/CedarportParks",
        twitter_url: "https://x.com/CedarportParks",
        instagram_url: "https://www.instagram.com/cedarportparks",
      },
    },
  },
} satisfies Record<string, LocationCardExample>;
