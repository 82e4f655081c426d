// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { axeViolations, renderIn } from "../test-support";
import { ServiceNotice } from "./ServiceNotice";
import { serviceNoticeExamples } from "./ServiceNotice.examples";

afterEach(cleanup);

describe.each(serviceNoticeExamples)("ServiceNotice example: $name", ({ locale, props }) => {
  it("has no axe violations", async () => {
    const { container } = renderIn(locale, <ServiceNotice {...props} />);
    expect(await axeViolations(container)).toEqual([]);
  });

  it("is a region named by its title, with every message", () => {
    const { container } = renderIn(locale, <ServiceNotice {...props} />);
    expect(screen.getByRole("region", { name: props.notice.title })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: props.notice.title })).toBeTruthy();
    expect(container.querySelectorAll(".usa-alert__text")).toHaveLength(props.notice.messages.length);
  });

  it("is not a live region: it would interrupt the resident on every screen", () => {
    const { container } = renderIn(locale, <ServiceNotice {...props} />);
    expect(container.querySelector("[role=alert], [role=status], [aria-live]")).toBeNull();
  });
});
