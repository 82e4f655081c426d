// @vitest-environment jsdom
import { cleanup } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { axeViolations, renderIn } from "../test-support";
import { TextField } from "./TextField";
import { type TextFieldExample, textFieldExamples } from "./TextField.examples";

afterEach(cleanup);

describe.each(Object.entries(textFieldExamples))(
  "TextField example %s",
  (_name, example: TextFieldExample) => {
    const render = () => renderIn(example.locale, <TextField {...example.props} />);

    it("renders without accessibility violations", async () => {
      const { container } = render();
      expect(await axeViolations(container)).toEqual([]);
    });

    it("labels its control and describes it by its hint and error", () => {
      const { container } = render();
      const control = container.querySelector(`#${example.props.id}`);
      expect(control?.tagName).toBe(example.props.rows ? "TEXTAREA" : "INPUT");
      expect(container.querySelector(`label[for=${example.props.id}]`)?.textContent).toBe(
        example.props.label,
      );
      const described = (control?.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
      const expected = [
        example.props.hint && `${example.props.id}-hint`,
        example.props.error && `${example.props.id}-error`,
      ].filter(Boolean);
      expect(described).toEqual(expected);
      expect(control?.getAttribute("aria-invalid")).toBe(example.props.error ? "true" : null);
    });
  },
);
