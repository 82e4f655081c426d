import { describe, expect, it } from "vitest";
import { excerpt, markdownToText } from "./markdown-text";

describe("markdownToText", () => {
  it("is empty for nothing", () => {
    expect(markdownToText(null)).toBe("");
    expect(markdownToText(undefined)).toBe("");
    expect(markdownToText("  \n\n ")).toBe("");
  });

  it("keeps a link's words and drops its address, inline, by reference and autolinked", () => {
    expect(markdownToText('Pay [online](https://pay.example/x?a=1 "Pay") today.')).toBe("Pay online today.");
    expect(markdownToText("See [the guide][g].\n\n[g]: https://example.org/guide")).toBe("See the guide.");
    expect(markdownToText("Write to <help@cedarport.gov>.")).toBe("Write to help@cedarport.gov.");
  });

  it("keeps emphasis, strong, strikethrough and code words without their marks", () => {
    expect(markdownToText("A **strong** and _light_ and ~~old~~ `code` word")).toBe(
      "A strong and light and old code word",
    );
    expect(markdownToText("snake_case_name and 2 * 3 * 4")).toBe("snake_case_name and 2 * 3 * 4");
    expect(markdownToText("\\*not emphasis\\*")).toBe("*not emphasis*");
  });

  it("sets headings, paragraphs, list items and quotes apart by one space", () => {
    expect(
      markdownToText(
        "## Ways to pay\nOnline or by mail.\n\n- one\n- two\n\n1. first\n2) second\n\n> quoted\n> text",
      ),
    ).toBe("Ways to pay Online or by mail. one two first second quoted text");
    expect(markdownToText("Setext heading\n===\nBody")).toBe("Setext heading Body");
    expect(markdownToText("- outer\n  - inner item\n- [x] done")).toBe("outer inner item done");
  });

  it("reads a table cell by cell, without pipes or the delimiter row", () => {
    expect(
      markdownToText("| Deduction | Due |\n| :--- | ---: |\n| Homestead | Dec 31 |\n| Over-65 | |"),
    ).toBe("Deduction Due Homestead Dec 31 Over-65");
  });

  it("drops raw HTML tags, comments and scripts but keeps the words between tags", () => {
    expect(markdownToText("Call <b>now</b>, <span class=x>to</span>day, line<br>two<p>three</p>")).toBe(
      "Call now, today, line two three",
    );
    expect(markdownToText('<iframe src="https://maps.cedarport.gov/x"></iframe>\n\nAfter')).toBe("After");
    expect(markdownToText("<div>\nInside a block\n</div>")).toBe("Inside a block");
    expect(markdownToText("<!-- editor's note -->\n\nShown")).toBe("Shown");
    expect(markdownToText("<script>alert(1)</script>\n\nText")).toBe("Text");
  });

  it("drops images, alt text included, and keeps code blocks' text", () => {
    expect(markdownToText("![City logo](/logo.png) Welcome")).toBe("Welcome");
    expect(markdownToText("Run:\n\n```\nnpm start\n```")).toBe("Run: npm start");
  });

  it("decodes entities and never runs words together across a hard break", () => {
    expect(markdownToText("Fish &amp; chips&nbsp;daily &copy; 2026")).toBe("Fish & chips daily © 2026");
    expect(markdownToText("first line  \nsecond line\\\nthird")).toBe("first line second line third");
  });

  it("keeps hyphens, apostrophes and accents as written", () => {
    expect(markdownToText("Full-service restaurants; the owner's over-65 deduction, en español")).toBe(
      "Full-service restaurants; the owner's over-65 deduction, en español",
    );
  });

  it("gives the same text each time it is asked", () => {
    const markdown = "## Again\n\n*Same* text";
    expect(markdownToText(markdown)).toBe("Again Same text");
    expect(markdownToText(markdown)).toBe("Again Same text");
  });
});

describe("excerpt", () => {
  it("cuts at a word, with an ellipsis, only when the text is longer", () => {
    expect(excerpt("short")).toBe("short");
    expect(excerpt("one two three four five", 12)).toBe("one two…");
    expect(excerpt("one, two, three", 9)).toBe("one, two…");
  });
});
