// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { axeViolations, renderIn } from "../test-support";
import { PrintButton } from "./PrintButton";
import { printButtonExamples } from "./PrintButton.examples";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe.each(printButtonExamples)("PrintButton example: $name", ({ locale, props }) => {
  it("has no axe violations", async () => {
    const { container } = renderIn(locale, <PrintButton {...props} />);
    expect(await axeViolations(container)).toEqual([]);
  });

  it("is a button named by its label that opens the print dialog, hidden without JavaScript", () => {
    const print = vi.spyOn(window, "print").mockImplementation(() => {});
    renderIn(locale, <PrintButton {...props} />);
    const button = screen.getByRole("button", { name: props.label });
    expect(button.getAttribute("type")).toBe("button");
    expect(button.classList.contains("cp-js-only")).toBe(true);
    fireEvent.click(button);
    expect(print).toHaveBeenCalledTimes(1);
  });
});
