import type { Locale } from "../../i18n";
import type { ServiceNoticeProps } from "./ServiceNotice";

export interface ServiceNoticeExample {
  name: string;
  locale: Locale;
  props: ServiceNoticeProps;
}

/** The police services' notice, as renderNotice gives it (messages are sanitised HTML). */
export const serviceNoticeExamples: ServiceNoticeExample[] = [
  {
    name: "emergency notice of the police services",
    locale: "en",
    props: {
      notice: {
        alertType: "warning",
        title: "If this is an emergency, call 911.",
        messages: ["<p>For anything else, call the police non-emergency line: (317) 555-0199.</p>"],
      },
    },
  },
  {
    name: "several paragraphs with a link, in Spanish",
    locale: "es",
    props: {
      notice: {
        alertType: "emergency",
        title: "Si se trata de una emergencia, llame al 911.",
        messages: [
          '<p>Para todo lo demás, llame a la <a href="/agency/police?lang=es">policía</a>.</p>',
          "<ul><li>Uno</li><li>Dos</li></ul>",
        ],
      },
    },
  },
];
