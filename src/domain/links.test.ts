import { describe, expect, it } from "vitest";
import { contentLink, currentSection, firstUrlIn, isExternal, sameHost } from "./links";

describe("contentLink", () => {
  it("prefers the external content URL (camelCase or snake_case)", () => {
    expect(contentLink({ slug: "a", externalContentUrl: "https://in.gov/x" }, "activity")).toBe(
      "https://in.gov/x",
    );
    expect(contentLink({ slug: "a", external_content_url: "https://in.gov/y" }, "activity")).toBe(
      "https://in.gov/y",
    );
  });

  it("falls through a blank camelCase URL to the snake_case one", () => {
    expect(
      contentLink({ slug: "a", externalContentUrl: "", external_content_url: "https://in.gov/z" }, "x"),
    ).toBe("https://in.gov/z");
  });

  it("ignores a blank external URL", () => {
    expect(contentLink({ slug: "a", externalContentUrl: "  ", external_content_url: null }, "activity")).toBe(
      "/activity/a",
    );
  });

  it("uses the first URL in the Markdown description next", () => {
    const description = {
      markdown: "See [the form](https://forms.cedarport.gov/apply) or https://other.gov.",
    };
    expect(contentLink({ slug: "a", description }, "activity")).toBe("https://forms.cedarport.gov/apply");
  });

  it("accepts the description as a plain string", () => {
    expect(contentLink({ slug: "a", description: "Go to <https://x.gov/path?q=1>" }, "topic")).toBe(
      "https://x.gov/path?q=1",
    );
  });

  it("falls back to /{section}/{slug}", () => {
    expect(contentLink({ slug: "pay-taxes", description: { markdown: "No links here." } }, "activity")).toBe(
      "/activity/pay-taxes",
    );
    expect(contentLink({ slug: "treasurer", description: null }, "agency")).toBe("/agency/treasurer");
    expect(contentLink({ slug: "treasurer" }, "/agency/")).toBe("/agency/treasurer");
  });

  it("links to the section when there is no slug", () => {
    expect(contentLink({}, "activities")).toBe("/activities");
  });
});

describe("firstUrlIn", () => {
  it("finds bare, Markdown and autolinked URLs", () => {
    expect(firstUrlIn("visit http://a.gov now")).toBe("http://a.gov");
    expect(firstUrlIn("[x](https://b.gov/p)")).toBe("https://b.gov/p");
    expect(firstUrlIn("<https://c.gov>")).toBe("https://c.gov");
    expect(firstUrlIn('<a href="https://d.gov/e">e</a>')).toBe("https://d.gov/e");
  });

  it("drops sentence punctuation after a bare URL", () => {
    expect(firstUrlIn("Read https://a.gov/page.")).toBe("https://a.gov/page");
    expect(firstUrlIn("Is it https://a.gov/page?")).toBe("https://a.gov/page");
  });

  it("ignores relative links and text without URLs", () => {
    expect(firstUrlIn("[x](/activity/y)")).toBeUndefined();
    expect(firstUrlIn("")).toBeUndefined();
    expect(firstUrlIn(null)).toBeUndefined();
    expect(firstUrlIn("https://.")).toBeUndefined();
  });
});

describe("currentSection", () => {
  it("is the first path segment", () => {
    expect(currentSection("/activity/pay-taxes")).toBe("activity");
    expect(currentSection("/search")).toBe("search");
    expect(currentSection("activity/x")).toBe("activity");
    expect(currentSection("//topic//x")).toBe("topic");
  });

  it("is 'home' when there is no segment", () => {
    expect(currentSection("/")).toBe("home");
    expect(currentSection("")).toBe("home");
    expect(currentSection("/?term=x")).toBe("home");
  });

  it("ignores the query and fragment", () => {
    expect(currentSection("/search?term=tax")).toBe("search");
    expect(currentSection("/agency#top")).toBe("agency");
  });
});

describe("isExternal", () => {
  it("is true for absolute http(s) and protocol-relative URLs", () => {
    expect(isExternal("https://in.gov")).toBe(true);
    expect(isExternal("HTTP://in.gov/x")).toBe(true);
    expect(isExternal("//cdn.example.com/x")).toBe(true);
  });

  it("is false for paths, fragments, mail and phone links", () => {
    expect(isExternal("/activity/x")).toBe(false);
    expect(isExternal("activity/x")).toBe(false);
    expect(isExternal("#main")).toBe(false);
    expect(isExternal("mailto:mayor@cedarport.gov")).toBe(false);
    expect(isExternal("tel:5550104100")).toBe(false);
  });

  it("treats the site's own host as internal", () => {
    expect(isExternal("https://www.cedarport.gov/x", "www.cedarport.gov")).toBe(false);
    expect(isExternal("https://cedarport.gov/x", "www.cedarport.gov")).toBe(false);
    expect(isExternal("https://WWW.Cedarport.gov/x", "cedarport.gov")).toBe(false);
    expect(isExternal("https://maps.cedarport.gov/x", "www.cedarport.gov")).toBe(true);
  });
});

describe("sameHost", () => {
  it("ignores case and a www. prefix", () => {
    expect(sameHost("WWW.a.gov", "a.gov")).toBe(true);
    expect(sameHost("a.gov", "b.gov")).toBe(false);
  });

  it("treats a port on only one side as the same host, different ports as different", () => {
    expect(sameHost("localhost:3000", "localhost")).toBe(true);
    expect(sameHost("localhost", "localhost:3000")).toBe(true);
    expect(sameHost("localhost:3000", "localhost:3000")).toBe(true);
    expect(sameHost("localhost:3000", "localhost:4000")).toBe(false);
  });
});
