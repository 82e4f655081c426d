import type { Locale } from "../domain/localize";

/**
 * Pages the server sends itself, before or instead of the React app: when rendering failed (500),
 * and for requests refused at the edge (a bad Host, a method the site does not take, a body too
 * large), and the 404 of a download whose address does not open (a bid packet, a staff
 * document: resource routes, which have no page of their own to show it in). Plain HTML, no
 * scripts, no dependencies, so they always work. The 500 and 404 wording matches the site's own
 * pages (SPEC §2, §8).
 */
export type FallbackStatus = 400 | 403 | 404 | 405 | 413 | 421 | 500;

interface PageText {
  title: string;
  body: string;
  next?: string;
}

const HOME = { en: "Go to the home page", es: "Ir a la página de inicio" };
const EMERGENCY = { en: "In an emergency, call 911.", es: "En caso de emergencia, llame al 911." };

const TEXT: Record<FallbackStatus, Record<Locale, PageText>> = {
  500: {
    en: {
      title: "Internal Server Error",
      body: "Something has gone wrong on our side, and we are working to fix it.",
      next: "Server error. Please wait a few minutes and try again.",
    },
    es: {
      title: "Error interno del servidor",
      body: "Algo salió mal de nuestro lado y estamos trabajando para solucionarlo.",
      next: "Error del servidor. Espere unos minutos y vuelva a intentarlo.",
    },
  },
  400: {
    en: {
      title: "Bad Request",
      body: "We could not understand that request. Check the address and try again.",
    },
    es: {
      title: "Solicitud incorrecta",
      body: "No pudimos entender esa solicitud. Revise la dirección e inténtelo de nuevo.",
    },
  },
  403: {
    en: {
      title: "Request refused",
      body: "That form was sent from another website, so we did not accept it. Go back to this site and try again.",
    },
    es: {
      title: "Solicitud rechazada",
      body: "Ese formulario se envió desde otro sitio web, así que no lo aceptamos. Regrese a este sitio e inténtelo de nuevo.",
    },
  },
  404: {
    en: {
      title: "Page not found",
      body: "We can’t find the page you are looking for. If a link in an e-mail brought you here, it may be out of date.",
    },
    es: {
      title: "Página no encontrada",
      body: "No encontramos la página que busca. Si llegó aquí desde un enlace en un correo electrónico, es posible que ya no sea válido.",
    },
  },
  405: {
    en: { title: "Method Not Allowed", body: "This site does not accept that kind of request." },
    es: { title: "Método no permitido", body: "Este sitio no acepta ese tipo de solicitud." },
  },
  413: {
    en: {
      title: "Request Too Large",
      body: "What you sent is larger than this site accepts. Go back, shorten your answers and try again.",
    },
    es: {
      title: "Solicitud demasiado grande",
      body: "Lo que envió es más grande de lo que acepta este sitio. Regrese, acorte sus respuestas e inténtelo de nuevo.",
    },
  },
  421: {
    en: { title: "Wrong address", body: "This server does not answer to that site name. Check the address." },
    es: {
      title: "Dirección incorrecta",
      body: "Este servidor no responde a ese nombre de sitio. Revise la dirección.",
    },
  },
};

export function fallbackPage(locale: Locale, status: FallbackStatus): string {
  const t = TEXT[status][locale];
  return `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t.title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1b1b1b}a{color:#005ea2}</style></head>
<body><main><h1>${t.title}</h1><p>${t.body}</p>${t.next ? `<p>${t.next}</p>` : ""}<p><a href="/">${HOME[locale]}</a></p><p>${EMERGENCY[locale]}</p></main></body></html>`;
}

export const fallbackErrorPage = (locale: Locale): string => fallbackPage(locale, 500);

/** A download's 404 as a page in the resident's (or staff member's) language, never cached. */
export const notFoundPage = (locale: Locale, headers: Record<string, string> = {}): Response =>
  new Response(fallbackPage(locale, 404), {
    status: 404,
    headers: { "Cache-Control": "no-store", ...headers, "Content-Type": "text/html; charset=utf-8" },
  });
