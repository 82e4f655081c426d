import { describe, expect, it } from "vitest";
import { redactError, redactUrl } from "./redact-url";

const TOKEN = "q3Jx_8vLm-0aZ9PqRsTuVwXyZ123456";

describe("redactUrl", () => {
  it("hides a save-and-return token in the path", () => {
    expect(redactUrl(`/workflow/demo-dog-licence/resume/${TOKEN}`)).toBe(
      "/workflow/demo-dog-licence/resume/[redacted]",
    );
    expect(redactUrl(`/workflow/demo-dog-licence/resume/${TOKEN}/?lang=es#top`)).toBe(
      "/workflow/demo-dog-licence/resume/[redacted]/?lang=es#top",
    );
    expect(redactUrl(`https://www.cedarport.gov/workflow/x/RESUME/${TOKEN}?a=1`)).toBe(
      "https://www.cedarport.gov/workflow/x/RESUME/[redacted]?a=1",
    );
  });

  it("hides it percent-encoded too, and in malformed addresses", () => {
    expect(redactUrl(`/workflow/x%2Fresume%2F${TOKEN}%2Fmore`)).toBe(
      "/workflow/x%2Fresume%2F[redacted]%2Fmore",
    );
    expect(redactUrl(`/workflow/x/resume/${TOKEN}%E0%A4%A`)).not.toContain(TOKEN);
  });

  it("hides token query values, whatever their position and name", () => {
    expect(redactUrl(`/preview?token=${TOKEN}`)).toBe("/preview?token=[redacted]");
    expect(redactUrl(`/x?lang=es&token=${TOKEN}&page=2`)).toBe("/x?lang=es&token=[redacted]&page=2");
    expect(redactUrl(`/x?access_token=${TOKEN}#frag`)).toBe("/x?access_token=[redacted]#frag");
    expect(redactUrl(`/x?DRAFT_TOKEN=${TOKEN}`)).toBe("/x?DRAFT_TOKEN=[redacted]");
  });

  it("leaves addresses without credentials alone", () => {
    for (const url of [
      "/",
      "/workflow/demo-dog-licence/applicant?change=1",
      "/search?term=resume",
      "/resume",
    ])
      expect(redactUrl(url)).toBe(url);
  });

  it("redacts inside a sentence, such as React Router's error messages", () => {
    const message = `You made a POST request to "/workflow/demo/resume/${TOKEN}" but did not provide an \`action\``;
    expect(redactUrl(message)).toBe(
      'You made a POST request to "/workflow/demo/resume/[redacted]" but did not provide an `action`',
    );
  });
});

describe("redactError", () => {
  it("redacts the message and the stack", () => {
    const error = new Error(`No route matches URL "/x?token=${TOKEN}"`);
    const logged = redactError(error);
    expect(logged).toContain('No route matches URL "/x?token=[redacted]"');
    expect(logged).not.toContain(TOKEN);
    expect(redactError(`/workflow/a/resume/${TOKEN}`)).toBe("/workflow/a/resume/[redacted]");
  });
});
