import type { Locale } from "../../i18n";
import type { ErrorPageProps } from "./ErrorPage";

export interface ErrorPageExample {
  name: string;
  locale: Locale;
  props: ErrorPageProps;
  label: string;
  title: string;
  message: string;
}

export const errorPageExamples: ErrorPageExample[] = [
  {
    name: "404",
    locale: "en",
    props: { status: 404 },
    label: "Error 404",
    title: "Page not found",
    message: "We can’t find the page you are looking for. Try searching below.",
  },
  {
    name: "404, in Spanish",
    locale: "es",
    props: { status: 404 },
    label: "Error 404",
    title: "Página no encontrada",
    message: "No encontramos la página que busca. Intente buscar abajo.",
  },
  {
    name: "500",
    locale: "en",
    props: { status: 500 },
    label: "Error 500",
    title: "Internal Server Error",
    message: "Something has gone wrong on our side, and we are working to fix it.",
  },
  {
    name: "500, in Spanish",
    locale: "es",
    props: { status: 500 },
    label: "Error 500",
    title: "Error interno del servidor",
    message: "Algo salió mal de nuestro lado y estamos trabajando para solucionarlo.",
  },
  {
    name: "400",
    locale: "en",
    props: { status: 400 },
    label: "Error 400",
    title: "Bad Request",
    message: "We couldn’t understand that request. Check the web address and try again.",
  },
  {
    name: "400, in Spanish",
    locale: "es",
    props: { status: 400 },
    label: "Error 400",
    title: "Solicitud incorrecta",
    message: "No pudimos entender esa solicitud. Revise la dirección web e inténtelo de nuevo.",
  },
];
