import type { Locale } from "../../i18n";
import type { ListboxOption, ListboxProps } from "./Listbox";

export interface ListboxExample {
  locale: Locale;
  props: Omit<ListboxProps<ListboxOption>, "onChoose">;
}

const cedar = [1418, 1422, 1430].map((n, i) => ({
  id: `address-option-${i}`,
  content: `${n} N Cedar Ave, Cedarport, IN 46202`,
}));

export const listboxExamples = {
  addresses: {
    locale: "en",
    props: { id: "address-listbox", options: cedar, activeIndex: 1, label: "Suggested addresses" },
  },
  direccionesSinResultados: {
    locale: "es",
    props: {
      id: "address-listbox",
      options: [],
      activeIndex: -1,
      label: "Direcciones sugeridas",
      emptyText: "No se encontraron direcciones que coincidan",
    },
  },
  kitchenSink: {
    locale: "en",
    props: {
      id: "search-listbox",
      options: [
        { id: "search-option-0", content: "Pay property taxes" },
        { id: "search-option-last", content: "See all results for “tax”", isLast: true },
      ],
      activeIndex: 1,
      label: "Quick Results",
    },
  },
} satisfies Record<string, ListboxExample>;
