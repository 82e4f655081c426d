// @vitest-environment jsdom
import { cleanup } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { axeViolations, renderIn } from "../test-support";
import { StaffForm, StaffPost } from "./StaffForm";
import { StaffTable } from "./StaffTable";
import {
  type StaffFormExample,
  type StaffTableExample,
  staffFormExamples,
  staffTableExamples,
} from "./staff.examples";

afterEach(cleanup);

describe.each(Object.entries(staffTableExamples))(
  "StaffTable example %s",
  (_name, example: StaffTableExample) => {
    const render = () =>
      renderIn(example.locale, <StaffTable columns={example.columns} rows={example.rows} />);

    it("renders without accessibility violations", async () => {
      expect(await axeViolations(render().container)).toEqual([]);
    });

    it("heads each row with its first cell and labels every cell with its column, numbers set apart", () => {
      const { container } = render();
      const headers = [...container.querySelectorAll("thead th")];
      expect(headers.map((th) => [th.textContent, th.getAttribute("scope"), th.className])).toEqual(
        example.columns.map((c) => [c.label, "col", c.numeric ? "cp-staff-table__number" : ""]),
      );
      const rows = [...container.querySelectorAll("tbody tr")];
      expect(rows).toHaveLength(example.rows.length);
      for (const tr of rows) {
        const cells = [...tr.children];
        expect(cells[0]?.tagName).toBe("TH");
        expect(cells[0]?.getAttribute("scope")).toBe("row");
        expect(cells.slice(1).every((cell) => cell.tagName === "TD")).toBe(true);
        expect(cells.map((cell) => cell.getAttribute("data-label"))).toEqual(
          example.columns.map((c) => c.label),
        );
        expect(cells.map((cell) => cell.classList.contains("cp-staff-table__number"))).toEqual(
          example.columns.map((c) => Boolean(c.numeric)),
        );
      }
    });
  },
);

describe.each(Object.entries(staffFormExamples))(
  "StaffForm example %s",
  (_name, example: StaffFormExample) => {
    const render = () =>
      renderIn(
        example.locale,
        <StaffForm
          id={example.id}
          heading={example.heading}
          {...example.post}
          after={
            <StaffPost {...example.post}>
              <button type="submit">{example.button} 2</button>
            </StaffPost>
          }
        >
          <label htmlFor={example.field.id}>{example.field.label}</label>
          <input id={example.field.id} name="note" />
          <button type="submit">{example.button}</button>
        </StaffForm>,
      );

    it("renders without accessibility violations", async () => {
      expect(await axeViolations(render().container)).toEqual([]);
    });

    it("is a section named by its heading, whose forms post the session's token and their intent", () => {
      const { container } = render();
      const section = container.querySelector("section");
      expect(section?.getAttribute("aria-labelledby")).toBe(example.id);
      expect(container.querySelector(`h2#${example.id}`)?.textContent).toBe(example.heading);
      const forms = [...container.querySelectorAll("form")];
      expect(forms).toHaveLength(2);
      for (const form of forms) {
        expect(form.getAttribute("method")).toBe("post");
        expect(form.getAttribute("action")).toBe(example.post.action);
        const hidden = [...form.querySelectorAll<HTMLInputElement>("input[type=hidden]")].map((i) => [
          i.name,
          i.value,
        ]);
        expect(hidden).toEqual([
          ["_csrf", example.post.csrf],
          ["intent", example.post.intent],
        ]);
      }
      // What follows the form is after it, in the same section.
      expect(forms[0]?.querySelector(`#${example.field.id}`)).not.toBeNull();
      expect(forms[1]?.previousElementSibling).toBe(forms[0]);
    });
  },
);
