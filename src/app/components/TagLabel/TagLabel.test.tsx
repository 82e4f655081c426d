// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { axeViolations, renderIn } from "../test-support";
import { TagLabel } from "./TagLabel";
import { type TagLabelExample, tagLabelExamples } from "./TagLabel.examples";

afterEach(cleanup);

function renderExample({ locale, props }: TagLabelExample) {
  return renderIn(locale, <TagLabel {...props} />);
}

describe.each(Object.entries(tagLabelExamples))("TagLabel example %s", (_name, example: TagLabelExample) => {
  it("renders without accessibility violations", async () => {
    const { container } = renderExample(example);
    expect(await axeViolations(container)).toEqual([]);
  });

  it("shows the tag title", () => {
    renderExample(example);
    expect(screen.getByText(example.props.title).className).toContain("usa-tag");
  });
});
