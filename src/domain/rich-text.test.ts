import type { Element, ElementContent, Root, RootContent } from "hast";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import Markdown from "react-markdown";
import rehypeRaw from "rehype-raw";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import {
  CITY_MAPS_PREFIX,
  DEFAULT_IFRAME_TITLE,
  DEFAULT_NEW_TAB_HINT,
  IFRAME_SANDBOX,
  IMAGE_ASSET_HOSTS,
  isTrustedEmbed,
  type RichTextOptions,
  rehypeCityRichText,
  transformRichText,
  VIDEO_EMBED_PREFIX,
} from "./rich-text";

const options: RichTextOptions = { siteHost: "www.cedarport.gov" };

async function toHast(markdown: string, opts: RichTextOptions = options): Promise<Root> {
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypeRaw)
    .use(rehypeCityRichText, opts);
  return processor.run(processor.parse(markdown));
}

function all(node: Root | Element, tagName: string): Element[] {
  const found: Element[] = [];
  const walk = (child: RootContent | ElementContent) => {
    if (child.type !== "element") return;
    if (child.tagName === tagName) found.push(child);
    child.children.forEach(walk);
  };
  node.children.forEach(walk);
  return found;
}

function first(node: Root | Element, tagName: string): Element {
  const element = all(node, tagName)[0];
  if (!element) throw new Error(`no <${tagName}>`);
  return element;
}

function text(node: ElementContent): string {
  if (node.type === "text") return node.value;
  return node.type === "element" ? node.children.map(text).join("") : "";
}

function render(markdown: string, opts: RichTextOptions = options): string {
  return renderToStaticMarkup(
    createElement(
      Markdown,
      { remarkPlugins: [remarkGfm], rehypePlugins: [rehypeRaw, [rehypeCityRichText, opts]] },
      markdown,
    ),
  );
}

describe("constants", () => {
  it("names the trusted embed prefixes and the asset hosts", () => {
    expect(VIDEO_EMBED_PREFIX).toBe("https://www.youtube.com/embed/");
    expect(CITY_MAPS_PREFIX).toBe("https://maps.cedarport.gov/");
    expect(IMAGE_ASSET_HOSTS).toEqual(["images.cedarport.gov", "assets.cedarport.gov"]);
    expect(IFRAME_SANDBOX).toEqual(["allow-forms", "allow-scripts", "allow-presentation"]);
  });

  it("trusts only sources starting with a prefix", () => {
    expect(isTrustedEmbed("https://www.youtube.com/embed/abc")).toBe(true);
    expect(isTrustedEmbed("https://maps.cedarport.gov/parcels?id=1")).toBe(true);
    expect(isTrustedEmbed("https://maps.cedarport.gov.evil.example/")).toBe(false);
    expect(isTrustedEmbed("http://www.youtube.com/embed/abc")).toBe(false);
    expect(isTrustedEmbed("https://www.youtube.com/watch?v=abc")).toBe(false);
    expect(isTrustedEmbed("")).toBe(false);
  });
});

describe("iframes", () => {
  it("sandboxes an untrusted source, lazy-loads it and gives it a title", async () => {
    const tree = await toHast('<iframe src="https://forms.example.com/x"></iframe>');
    expect(first(tree, "iframe").properties).toMatchObject({
      src: "https://forms.example.com/x",
      sandbox: ["allow-forms", "allow-scripts", "allow-presentation"],
      loading: "lazy",
      title: DEFAULT_IFRAME_TITLE,
    });
  });

  it("replaces a looser sandbox the author wrote on an untrusted source", async () => {
    const tree = await toHast(
      '<iframe src="https://x.example" sandbox="allow-same-origin allow-top-navigation"></iframe>',
    );
    expect(first(tree, "iframe").properties.sandbox).toEqual([...IFRAME_SANDBOX]);
  });

  it("sandboxes an iframe without a source", async () => {
    const tree = await toHast("<iframe></iframe>");
    expect(first(tree, "iframe").properties.sandbox).toEqual([...IFRAME_SANDBOX]);
  });

  it("does not sandbox the video service or the city maps, but still lazy-loads them and keeps their title", async () => {
    const tree = await toHast(
      `<iframe src="${VIDEO_EMBED_PREFIX}abc123" title="Council meeting"></iframe>\n\n<iframe src="${CITY_MAPS_PREFIX}parcels"></iframe>`,
    );
    const [video, map] = all(tree, "iframe");
    expect(video?.properties.sandbox).toBeUndefined();
    expect(video?.properties).toMatchObject({ loading: "lazy", title: "Council meeting" });
    expect(map?.properties.sandbox).toBeUndefined();
    expect(map?.properties.title).toBe(DEFAULT_IFRAME_TITLE);
  });

  it("uses the given title for untitled iframes and replaces a blank title", async () => {
    const tree = await toHast('<iframe src="https://x.example" title="  "></iframe>', {
      ...options,
      iframeTitle: "Contenido incrustado",
    });
    expect(first(tree, "iframe").properties.title).toBe("Contenido incrustado");
  });
});

const table = `
| Deduction | Status |
| --- | --- |
| Homestead | Approved |
| Mortgage | |
`;

describe("tables", () => {
  it("scopes header cells to their column", async () => {
    const tree = await toHast(table);
    expect(all(tree, "th").map((th) => th.properties.scope)).toEqual(["col", "col"]);
  });

  it("labels each body cell with its column header", async () => {
    const tree = await toHast(table);
    expect(all(first(tree, "tbody"), "td").map((td) => td.properties.dataLabel)).toEqual([
      "Deduction",
      "Status",
      "Deduction",
      "Status",
    ]);
  });

  it("handles a raw HTML table without thead, with colspan and row headers", async () => {
    const tree = await toHast(
      "<table><tr><th>Bid</th><th>Title</th><th>Due</th></tr>" +
        '<tr><th>B-1</th><td colspan="2">Paving</td></tr>' +
        '<tr><td>B-2</td><td>Snow</td><td data-label="Kept">Jan 5</td></tr></table>',
    );
    const rows = all(tree, "tr");
    expect(rows[0]?.children.map((cell) => (cell as Element).properties.scope)).toEqual([
      "col",
      "col",
      "col",
    ]);
    expect(rows[0]?.children.map((cell) => (cell as Element).properties.dataLabel)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    const [rowHeader, wide] = (rows[1]?.children ?? []) as Element[];
    expect(rowHeader?.properties).toMatchObject({ scope: "row", dataLabel: "Bid" });
    expect(wide?.properties.dataLabel).toBe("Title");
    expect(((rows[2]?.children ?? []) as Element[]).map((cell) => cell.properties.dataLabel)).toEqual([
      "Bid",
      "Title",
      "Kept",
    ]);
  });

  it("keeps a scope the author set", async () => {
    const tree = await toHast(
      '<table><thead><tr><th scope="colgroup">A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>',
    );
    expect(first(tree, "th").properties.scope).toBe("colgroup");
  });

  it("labels nothing in a table without a header row", async () => {
    const tree = await toHast("<table><tr><td>1</td><td>2</td></tr></table>");
    expect(all(tree, "td").map((td) => td.properties.dataLabel)).toEqual([undefined, undefined]);
  });

  it("labels columns by header text only, without screen-reader hints or extra spaces", async () => {
    const tree = await toHast("| [Guide](https://other.example)  **Due** |\n| --- |\n| Jan 5 |");
    expect(first(tree, "td").properties.dataLabel).toBe("Guide Due");
  });

  it("handles nested tables separately", async () => {
    const tree = await toHast(
      "<table><thead><tr><th>Outer</th></tr></thead><tbody><tr><td>" +
        "<table><thead><tr><th>Inner</th></tr></thead><tbody><tr><td>x</td></tr></tbody></table>" +
        "</td></tr></tbody></table>",
    );
    expect(all(tree, "td").map((td) => td.properties.dataLabel)).toEqual(["Outer", "Inner"]);
  });
});

describe("links", () => {
  it("opens links to other hosts in a new tab with a hidden hint", async () => {
    const tree = await toHast("[State site](https://www.in.gov/dlgf)");
    const link = first(tree, "a");
    expect(link.properties).toMatchObject({
      href: "https://www.in.gov/dlgf",
      target: "_blank",
      rel: ["noopener", "noreferrer"],
    });
    const hint = link.children.at(-1) as Element;
    expect(hint.tagName).toBe("span");
    expect(hint.properties.className).toEqual(["usa-sr-only"]);
    expect(text(hint)).toBe(DEFAULT_NEW_TAB_HINT);
    expect(text(link)).toBe(`State site${DEFAULT_NEW_TAB_HINT}`);
  });

  it("takes the hint text as an option", async () => {
    const tree = await toHast("[Estado](https://www.in.gov)", {
      ...options,
      newTabHint: " (se abre en una nueva pestaña)",
    });
    expect(text(first(tree, "a"))).toBe("Estado (se abre en una nueva pestaña)");
  });

  it("keeps links to the site itself, relative links, anchors and mail links in the same tab", async () => {
    const tree = await toHast(
      "[a](https://www.cedarport.gov/activity/x) [b](https://cedarport.gov/x) [c](/activity/y) [d](#top) [e](mailto:mayor@cedarport.gov)",
    );
    for (const link of all(tree, "a")) {
      expect(link.properties.target).toBeUndefined();
      expect(link.children).toHaveLength(1);
    }
  });

  it("treats protocol-relative links as absolute", async () => {
    const tree = await toHast('<a href="//cdn.example.com/file.pdf">file</a>');
    expect(first(tree, "a").properties.target).toBe("_blank");
  });

  it("keeps other rel values the author set", async () => {
    const tree = await toHast('<a href="https://x.example" rel="nofollow">x</a>');
    expect(first(tree, "a").properties.rel).toEqual(["nofollow", "noopener", "noreferrer"]);
  });

  it("removes dl and _ga from links to the image-asset hosts, keeping other parameters", async () => {
    const tree = await toHast(
      "[a](https://images.cedarport.gov/form.pdf?dl=1&_ga=2.123&v=3) [b](https://assets.cedarport.gov/x.pdf?dl=0) [c](https://assets.cedarport.gov/y.pdf#page=2)",
    );
    expect(all(tree, "a").map((a) => a.properties.href)).toEqual([
      "https://images.cedarport.gov/form.pdf?v=3",
      "https://assets.cedarport.gov/x.pdf",
      "https://assets.cedarport.gov/y.pdf#page=2",
    ]);
  });

  it("leaves dl and _ga on links to other hosts", async () => {
    const tree = await toHast("[a](https://www.in.gov/form.pdf?dl=1&_ga=2)");
    expect(first(tree, "a").properties.href).toBe("https://www.in.gov/form.pdf?dl=1&_ga=2");
  });

  it("does not add the hint twice when run twice", async () => {
    const tree = await toHast("[x](https://x.example)");
    transformRichText(tree, options);
    expect(all(first(tree, "a"), "span")).toHaveLength(1);
  });

  it("works on hand-built trees with string class names and rel", () => {
    const link: Element = {
      type: "element",
      tagName: "a",
      properties: { href: "https://x.example", rel: "nofollow" as unknown as string[] },
      children: [
        { type: "text", value: "x" },
        {
          type: "element",
          tagName: "span",
          properties: { className: "usa-sr-only" as unknown as string[] },
          children: [],
        },
      ],
    };
    transformRichText({ type: "root", children: [link] }, options);
    expect(link.properties.rel).toEqual(["nofollow", "noopener", "noreferrer"]);
    expect(link.children).toHaveLength(2);
  });

  it("ignores links without an href or with one that cannot be parsed", () => {
    const bare: Element = { type: "element", tagName: "a", properties: {}, children: [] };
    const broken: Element = {
      type: "element",
      tagName: "a",
      properties: { href: "http://[bad" },
      children: [],
    };
    transformRichText({ type: "root", children: [bare, broken] }, options);
    expect(bare.properties.target).toBeUndefined();
    expect(broken.properties.target).toBeUndefined();
  });
});

describe("with react-markdown", () => {
  it("renders the attributes as HTML", () => {
    const html = render(
      `[State](https://www.in.gov)\n\n<iframe src="https://x.example/embed"></iframe>\n${table}`,
    );
    expect(html).toContain(
      '<a href="https://www.in.gov" target="_blank" rel="noopener noreferrer">State<span class="usa-sr-only"> (opens in a new tab)</span></a>',
    );
    expect(html).toContain('sandbox="allow-forms allow-scripts allow-presentation"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('<th scope="col">Deduction</th>');
    expect(html).toContain('<td data-label="Status">Approved</td>');
  });
});
