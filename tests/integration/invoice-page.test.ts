import { describe, expect, it } from "vitest";
import { useInProcessApp } from "./in-process-app";
import { cardParams, ctx, newKey } from "./payments-fixture";
import { builtSite } from "./requirements";

/**
 * The invoice page the payments integration links to (`viewUrl`, /payments/invoices/<id>), over
 * HTTP on the production build with a fresh SQLite database and the demo invoices.
 */
const hasBuild = builtSite("the invoice page tests");

/** James and Grace Okafor's spring installment: $1,062.50 billed, $700.00 paid (demo-invoices.ts). */
const PARTLY_PAID = "/payments/invoices/RP-2026-1-1000002";

/** The text of the page's <dd> after the <dt> that says `label`, tags dropped. */
function rowValue(html: string, label: string): string | undefined {
  const match = new RegExp(`<dt>${label}</dt><dd>(.*?)</dd>`).exec(html);
  return match?.[1]
    ?.replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

describe.runIf(hasBuild)("the invoice page", () => {
  const site = useInProcessApp({ prefix: "cedarport-invoice-page-" });

  const page = async (path: string) => {
    const response = await fetch(`${site.base}${path}`);
    return { response, html: await response.text() };
  };

  const pay = (id: string, amount: number) =>
    site.running.services.workflows
      .integrationsFor("journey-invoice-page", "en")
      .call(
        "payments",
        "pay",
        { ...cardParams("4111111111111111"), attemptKey: newKey(), items: [{ kind: "invoice", id, amount }] },
        {},
        ctx(),
      );

  it("shows a demo invoice in English: parcel, address, installment, due date and amounts", async () => {
    const { response, html } = await page(PARTLY_PAID);
    expect(response.status).toBe(200);
    expect(html).toContain('<html lang="en"');
    expect(html).toContain("<title>Invoice 1000002 — Spring installment 2026 | ");
    expect(html).toMatch(/<h1>Invoice 1000002 — Spring installment 2026<\/h1>/);
    expect(rowValue(html, "Invoice number")).toBe("RP-2026-1-1000002");
    expect(rowValue(html, "Parcel number")).toBe("1000002");
    expect(rowValue(html, "State parcel number")).toBe("49-01-07-000-002.000-101");
    expect(rowValue(html, "Property address")).toBe("1418 N Cedar Ave Cedarport, IN 46202");
    expect(rowValue(html, "Tax type")).toBe("Real property");
    expect(rowValue(html, "Installment")).toBe("Spring installment 2026");
    expect(rowValue(html, "Taxes payable in")).toBe("2026");
    expect(rowValue(html, "Due date")).toBe("05/11/2026");
    expect(rowValue(html, "Amount billed")).toBe("$1,062.50");
    expect(rowValue(html, "Amount paid so far")).toBe("$700.00");
    expect(rowValue(html, "Balance due")).toBe("$362.50");
    expect(html).toContain("Pay this invoice online, by card or bank account");
    expect(html).toContain('href="/workflow/pay-property-taxes"');
    expect(html).toContain('data-island="PrintButton"');
    expect(html).toContain(">Print this invoice</button>");
    // Owners' names are not on the page.
    expect(html).not.toContain("Okafor");
  });

  it("shows it in Spanish", async () => {
    const { response, html } = await page(`${PARTLY_PAID}?lang=es`);
    expect(response.status).toBe(200);
    expect(html).toContain('<html lang="es"');
    expect(html).toMatch(/<h1>Factura 1000002 — Cuota de primavera 2026<\/h1>/);
    expect(rowValue(html, "Tipo de impuesto")).toBe("Bienes inmuebles");
    expect(rowValue(html, "Fecha de vencimiento")).toBe("05/11/2026");
    expect(rowValue(html, "Monto facturado")).toBe("$1,062.50");
    expect(rowValue(html, "Monto pagado hasta ahora")).toBe("$700.00");
    expect(rowValue(html, "Saldo pendiente")).toBe("$362.50");
    expect(html).toContain("Pague esta factura en línea, con tarjeta o cuenta bancaria");
    expect(html).toContain(">Imprimir esta factura</button>");
  });

  it("is never cached or indexed: a payment shows at once", async () => {
    const id = "RP-2026-2-4000001";
    const before = await page(`/payments/invoices/${id}`);
    expect(before.response.headers.get("cache-control")).toBe("private, no-store");
    expect(before.response.headers.get("x-robots-tag")).toBe("noindex");
    expect(before.response.headers.get("x-page-cache")).toBeNull();
    expect(before.html).toContain('<meta name="robots" content="noindex"/>');
    expect(rowValue(before.html, "Balance due")).toBe("$493.50");

    await pay(id, 10_000);
    const after = await page(`/payments/invoices/${id}`);
    expect(rowValue(after.html, "Amount paid so far")).toBe("$100.00");
    expect(rowValue(after.html, "Balance due")).toBe("$393.50");
    expect(after.html).toContain("Pay this invoice online, by card or bank account");

    await pay(id, 39_350);
    const paid = await page(`/payments/invoices/${id}`);
    expect(rowValue(paid.html, "Balance due")).toBe("$0.00");
    expect(paid.html).toContain("This invoice is paid in full.");
    expect(paid.html).not.toContain("Pay online");
  });

  it("is the site's 404 page for an unknown or malformed id", async () => {
    for (const path of [
      "/payments/invoices/RP-2026-2-2000001",
      "/payments/invoices/nope",
      "/payments/invoices/RP-2026-2-1000001%27--",
      `/payments/invoices/${"x".repeat(200)}`,
      "/payments/invoices/",
    ]) {
      const { response, html } = await page(path);
      expect(response.status, path).toBe(404);
      expect(html, path).toContain("Page not found");
    }
    const spanish = await page("/payments/invoices/nope?lang=es");
    expect(spanish.response.status).toBe(404);
    expect(spanish.html).toContain("Página no encontrada");
  });
});
