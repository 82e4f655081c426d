import type { Locale } from "../../i18n";
import type { PrintButtonProps } from "./PrintButton";

export interface PrintButtonExample {
  name: string;
  locale: Locale;
  props: PrintButtonProps;
}

export const printButtonExamples: PrintButtonExample[] = [
  { name: "English", locale: "en", props: { label: "Print this invoice" } },
  { name: "Spanish", locale: "es", props: { label: "Imprimir esta factura" } },
];
