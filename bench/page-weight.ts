import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS } from "../playwright.config";

/**
 * The JavaScript a page loads, as a cheap phone would: the page opened in Chromium until the
 * network is idle, every script it fetched gzipped (modules, chunks imported later such as a
 * service's compiled validators and its workflow), plus the inline scripts in its HTML (hydration
 * data, the islands' strings). And the stylesheets it fetched, gzipped (budget: 30 KB).
 */
export async function pageJavaScriptGzip(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ files: number; gzipBytes: number; cssGzipBytes: number }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ extraHTTPHeaders: headers });
    const bodies: Promise<Buffer>[] = [];
    const stylesheets: Promise<Buffer>[] = [];
    page.on("response", (response) => {
      const type = response.request().resourceType();
      if (type === "script") bodies.push(response.body());
      if (type === "stylesheet") stylesheets.push(response.body());
    });
    const html = await (await page.goto(url, { waitUntil: "networkidle" }))!.text();
    let gzipBytes = 0;
    for (const body of await Promise.all(bodies)) gzipBytes += gzipSync(body).length;
    for (const m of html.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g))
      gzipBytes += gzipSync(m[1]!).length;
    let cssGzipBytes = 0;
    for (const body of await Promise.all(stylesheets)) cssGzipBytes += gzipSync(body).length;
    return { files: bodies.length, gzipBytes, cssGzipBytes };
  } finally {
    await browser.close();
  }
}
