import type { Locale } from "../../i18n";
import type { TextFieldProps } from "./TextField";

export interface TextFieldExample {
  locale: Locale;
  props: TextFieldProps;
}

export const textFieldExamples = {
  plain: { locale: "en", props: { id: "f-email", name: "email", label: "E-mail address", type: "email" } },
  withHint: {
    locale: "es",
    props: {
      id: "f-ref",
      name: "reference",
      label: "Número de referencia",
      hint: "8 letras y números, por ejemplo HXR4 7KPT.",
    },
  },
  withError: {
    locale: "en",
    props: {
      id: "f-check",
      name: "check",
      label: "Your e-mail address, or the parcel number",
      hint: "The e-mail address you gave with the request.",
      error: "Enter the e-mail address you gave, or the parcel number",
      defaultValue: "",
    },
  },
  textarea: {
    locale: "en",
    props: { id: "f-note", name: "note", label: "Note for staff", rows: 4, maxLength: 2000 },
  },
} satisfies Record<string, TextFieldExample>;
