import type { Locale } from "../domain/localize";

/**
 * The page sent when rendering itself failed: plain HTML, no scripts, no dependencies, so it
 * always works. Wording matches the 500 page (SPEC §2, §8).
 */
const TEXT = {
  en: {
    title: "Internal Server Error",
    body: "Something has gone wrong on our side, and we are working to fix it.",
    retry: "Server error. Please wait a few minutes and try again.",
    home: "Go to the home page",
    emergency: "In an emergency, call 911.",
  },
  es: {
    title: "Error interno del servidor",
    body: "Algo salió mal de nuestro lado y estamos trabajando para solucionarlo.",
    retry: "Error del servidor. Espere unos minutos y vuelva a intentarlo.",
    home: "Ir a la página principal",
    emergency: "En caso de emergencia, llame al 911.",
  },
};

export function fallbackErrorPage(locale: Locale): string {
  const t = TEXT[locale];
  return `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t.title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1b1b1b}a{color:#005ea2}</style></head>
<body><main><h1>${t.title}</h1><p>${t.body}</p><p>${t.retry}</p><p><a href="/">${t.home}</a></p><p>${t.emergency}</p></main></body></html>`;
}
