// @vitest-environment jsdom
import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { axeViolations, renderIn } from "../test-support";
import { ActivityTile, callToAction, shouldTruncate } from "./ActivityTile";
import { type ActivityTileExample, activityTileExamples } from "./ActivityTile.examples";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderExample({ locale, props }: ActivityTileExample) {
  return renderIn(locale, <ActivityTile {...props} />, { router: true });
}

describe.each(Object.entries(activityTileExamples))(
  "ActivityTile example %s",
  (_name, example: ActivityTileExample) => {
    it("renders without accessibility violations", async () => {
      const { container } = renderExample(example);
      expect(await axeViolations(container)).toEqual([]);
    });

    it("is one link, named by its title, to the given address", () => {
      const { container } = renderExample(example);
      const links = container.querySelectorAll("a");
      expect(links).toHaveLength(1);
      const { activity } = example.props;
      expect(links[0]?.textContent).toBe(activity.card_title || activity.title);
      expect(links[0]?.getAttribute("href")).toBe(example.props.href);
      const level = example.props.headingLevel ?? 3;
      expect(links[0]?.closest(`h${level}`)).not.toBeNull();
    });
  },
);

describe("ActivityTile", () => {
  it("prefers the card title and shows subtitle, agency, description and verb tags only", () => {
    renderExample(activityTileExamples.english);
    expect(screen.getByRole("heading", { level: 3, name: "Homestead deduction" })).toBeTruthy();
    expect(screen.getByText("Lower the property tax on the home you live in")).toBeTruthy();
    expect(screen.getByText("Office of the County Auditor")).toBeTruthy();
    expect(screen.getByText(/this deduction can lower/)).toBeTruthy();
    const tags = screen.getByRole("list", { name: "Tags" });
    expect(tags.textContent).toBe("Apply");
  });

  it("falls back to the title when the card title is blank, and matches tag types in any case", () => {
    renderExample(activityTileExamples.kitchenSink);
    expect(screen.getByRole("heading", { level: 4 }).textContent).toBe(
      "Request a public record from any city or county agency",
    );
    expect(screen.getByRole("list", { name: "Tags" }).textContent).toBe("RequestFind");
  });

  it("reads 'Learn more' for Learn and 'Start' for Payment, in both languages", () => {
    const cta = (container: HTMLElement) => container.querySelector(".cp-tile__cta")?.textContent;
    expect(cta(renderExample(activityTileExamples.english).container)).toBe("Learn more");
    cleanup();
    expect(cta(renderExample(activityTileExamples.payment).container)).toBe("Start");
    cleanup();
    expect(cta(renderExample(activityTileExamples.spanish).container)).toBe("Más información");
    cleanup();
    expect(cta(renderExample(activityTileExamples.paymentSpanish).container)).toBe("Comenzar");
  });

  it("shows a status badge only when the status is not published", () => {
    const badge = (container: HTMLElement) => container.querySelector(".cp-status-badge")?.textContent;
    expect(badge(renderExample(activityTileExamples.english).container)).toBeUndefined();
    cleanup();
    expect(badge(renderExample(activityTileExamples.draft).container)).toBe("Status: Draft");
    cleanup();
    expect(badge(renderExample(activityTileExamples.kitchenSink).container)).toBe("Status: Coming soon");
  });

  it("has a decorative image", () => {
    const { container } = renderExample(activityTileExamples.english);
    expect(container.querySelector("img")?.getAttribute("alt")).toBe("");
  });

  it("truncates when the description has under 70 px of room, rechecking on resize", () => {
    let callback: () => void = () => {};
    const observed: Element[] = [];
    vi.stubGlobal(
      "ResizeObserver",
      class {
        constructor(cb: () => void) {
          callback = cb;
        }
        observe(element: Element) {
          observed.push(element);
        }
        disconnect() {}
      },
    );
    const { container } = renderExample(activityTileExamples.english);
    const tile = container.querySelector<HTMLElement>(".cp-tile")!;
    const description = container.querySelector<HTMLElement>(".cp-tile__desc")!;
    expect(observed).toContain(tile.parentElement);
    const room = (height: number) => {
      description.getBoundingClientRect = () => ({ height }) as DOMRect;
      act(() => callback());
    };
    room(69);
    expect(tile.classList.contains("cp-tile--truncate")).toBe(true);
    room(120);
    expect(tile.classList.contains("cp-tile--truncate")).toBe(false);
  });
});

describe("shouldTruncate", () => {
  it("is true under 70 px of free space only", () => {
    expect(shouldTruncate(0)).toBe(true);
    expect(shouldTruncate(-12)).toBe(true);
    expect(shouldTruncate(69.5)).toBe(true);
    expect(shouldTruncate(70)).toBe(false);
    expect(shouldTruncate(300)).toBe(false);
  });
});

describe("callToAction", () => {
  it("matches the Payment type in any case", () => {
    expect(callToAction("Payment")).toBe("start");
    expect(callToAction("payment")).toBe("start");
    expect(callToAction("Learn")).toBe("learnMore");
    expect(callToAction("")).toBe("learnMore");
  });
});
