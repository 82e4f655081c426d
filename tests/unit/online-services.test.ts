import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ActivityDoc } from "../../src/content-service/documents";
import { readContent } from "../../src/content-service/load";
import { localizeDeep } from "../../src/domain/localize";
import { proseStrings } from "./spanish-text";

/**
 * A page never promises an online service that does not exist: links to /workflow/<name> name a
 * file in workflows/, and words that promise a form online ("start here", "use this form") appear
 * only on pages that link an existing service, or in a sentence naming the other site that runs it.
 */
const content = readContent("content");
const services = new Set(
  readdirSync("workflows")
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.replace(/\.json$/, "")),
);

/** Every string of a content item, in every language (its own fields and its localizations). */
function allStrings(doc: unknown): string[] {
  const out: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string") out.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  walk(doc);
  return out;
}

const workflowLinks = (text: string) =>
  [...text.matchAll(/\/workflow\/([a-z0-9-]+)/g)].map((m) => m[1] as string);

const PROMISES = [
  "start here",
  "use this form",
  "fill in the request online",
  "fill in the form online",
  "fill in the application online",
  "fill out the online form",
  "apply online",
  "apply and pay online",
  "pay online",
  "how to pay online",
  "how to add money online",
  "submit the request online",
  "send the invitation online",
  "start the appeal online",
  "register online through",
  "empiece aquí",
  "use este formulario",
  "llene la solicitud en línea",
  "llene el formulario en línea",
  "complete el formulario en línea",
  "solicite en línea",
  "solicítela y pague en línea",
  "pague en línea",
  "cómo pagar en línea",
  "cómo agregar dinero en línea",
  "envíe la solicitud en línea",
  "envíe la invitación en línea",
  "presente la solicitud en línea",
  "inicie la apelación en línea",
  "inscríbase en línea a través",
];

/** The promises in `text`, except in a sentence that names the web address of the service. */
function promisesIn(text: string): string[] {
  const sentences = text.split(/(?<=[.!?])\s+|\n\s*\n|\n\s*(?=[-*|]|\d+\.)/);
  return sentences.flatMap((sentence) => {
    if (/\b[\w-]+\.cedarport\.gov|https?:\/\//i.test(sentence)) return [];
    const lower = sentence.toLowerCase().replace(/\s+/g, " ");
    return PROMISES.filter((phrase) => lower.includes(phrase));
  });
}

describe("online services named in content", () => {
  it("link only to services that exist in workflows/", () => {
    const broken: string[] = [];
    for (const { type, doc } of content.docs) {
      const activity = type === "activity" ? (doc as ActivityDoc) : undefined;
      const url = activity?.workflow_url;
      if (url) {
        const [name] = workflowLinks(url);
        if (!name || !services.has(name)) broken.push(`${type} ${doc.id}: workflow_url ${url}`);
      }
      for (const text of allStrings(doc)) {
        for (const name of workflowLinks(text)) {
          if (!services.has(name)) broken.push(`${type} ${doc.id}: link to /workflow/${name}`);
        }
      }
    }
    expect([...new Set(broken)]).toEqual([]);
  });

  it("are promised only on pages that link one", () => {
    const promised: string[] = [];
    for (const { type, doc } of content.docs) {
      const strings = allStrings(doc);
      const links = strings.flatMap(workflowLinks).filter((name) => services.has(name));
      if (links.length > 0) continue;
      for (const { path, text } of [...proseStrings(doc), ...proseStrings(localizeDeep(doc, "es"))]) {
        const found = promisesIn(text);
        if (found.length > 0) promised.push(`${type} ${doc.id} ${path}: ${[...new Set(found)].join(", ")}`);
      }
    }
    expect(promised).toEqual([]);
  });

  it("has every deduction page and its form ask for the same ID number", () => {
    const wording = /driver's license or state ID/;
    const deductionPages = content.docs
      .map(({ doc }) => doc as ActivityDoc)
      .filter((a) => a.workflow_url?.endsWith("-deduction-application"));
    expect(deductionPages).toHaveLength(5);
    for (const page of deductionPages) {
      const text = allStrings(page).join("\n");
      // Each page tells what its form asks: the last five digits of a driver's license or state ID.
      expect(text, page.slug).toMatch(/last five digits/);
      expect(text, page.slug).toMatch(wording);
      expect(text, page.slug).not.toMatch(/Social Security number or driver's license/);
    }
  });
});

describe("promisesIn", () => {
  it("finds a promise, and lets one through that names where the service is", () => {
    expect(promisesIn("- **Online:** start here. Payments post right away.")).toEqual(["start here"]);
    expect(promisesIn("Apply online at **housing.cedarport.gov/repair**.")).toEqual([]);
    expect(promisesIn("Call 311. Use este formulario para escribir.")).toEqual(["use este formulario"]);
  });
});
