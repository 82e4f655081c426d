/**
 * The map of a service: every screen, every way between them with its condition in plain words,
 * the exits and the city systems each screen calls, as one SVG drawing for staff and for the docs
 * (docs/services/<name>.svg, the staff preview at /preview/workflows/<name>).
 *
 * Pure: a workflow in, an SVG string out, the same bytes for the same workflow (docs/services/ is
 * checked against it by maps-current.test.ts). The layout is dagre's layered drawing of a directed
 * graph (@dagrejs/dagre): it ranks the screens top to bottom, orders each rank to avoid crossings
 * and places the conditions on the arrows without overlaps, which a hand-written layout would
 * have to grow into. Text is measured by an estimate (no fonts on a server), generously, so boxes
 * are a little wide rather than text too long for them.
 */

import dagre, { type EdgeLabel, type GraphLabel, type NodeLabel } from "@dagrejs/dagre";
import { describeTransition } from "./conditions";
import { localizeText } from "./localize";
import type { IntegrationCall, Screen, ScreenType, Workflow } from "./types";

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";
const MONO = "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace";
const INK = "#1b1b1b";
const EDGE = "#565c65";

/** How each kind of screen looks: shape first, so the map reads without colour too. */
const STYLES: Record<ScreenType, { label: string; fill: string; stroke: string }> = {
  question: { label: "question", fill: "#e7f2fb", stroke: "#005ea2" },
  lookup: { label: "lookup", fill: "#e3f5f1", stroke: "#00756a" },
  "check-answers": { label: "check answers", fill: "#fdf2d7", stroke: "#8a5a00" },
  confirmation: { label: "confirmation", fill: "#e9f4ea", stroke: "#2e7d32" },
  exit: { label: "exit", fill: "#fbe8e8", stroke: "#b50909" },
};
const TYPES = Object.keys(STYLES) as ScreenType[];

const PAD = 10;
const TITLE = { size: 13, width: 0.6, line: 17, wrap: 28 };
const SMALL = { size: 11, width: 0.6, line: 15 };
const LABEL = { size: 12, width: 0.58, line: 15, wrap: 34 };
const CALL_COLOUR = "#54278f";

// ── Text ───────────────────────────────────────────────────────────────────────────────────────

/** Text for SVG: markup characters escaped, in content and in attributes alike. */
export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );
}

/** A number for an attribute: one decimal at most, never "-0". */
function num(n: number): string {
  const rounded = Math.round(n * 10) / 10;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/** Lines of at most `max` characters, broken between words (a longer word keeps a line to itself). */
export function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

const textWidth = (text: string, font: { size: number; width: number }) =>
  text.length * font.size * font.width;

// ── What each box and arrow says ───────────────────────────────────────────────────────────────

interface Box {
  key: string;
  screen: Screen;
  titleLines: string[];
  calls: string[];
  width: number;
  height: number;
}

const callText = (call: IntegrationCall) => `${call.integration} / ${call.operation}`;

function box(screen: Screen): Box {
  const titleLines = wrap(localizeText(screen.title, "en"), TITLE.wrap);
  const calls = [
    ...(screen.call ? [`calls ${callText(screen.call)}`] : []),
    ...(screen.followUp ?? []).map((call) => `then ${callText(call)}`),
  ];
  const widths = [
    ...titleLines.map((l) => textWidth(l, TITLE)),
    textWidth(screen.name, SMALL),
    textWidth(STYLES[screen.type].label, SMALL),
    ...calls.map((c) => textWidth(c, SMALL) + 2 * PAD),
  ];
  const height =
    PAD +
    SMALL.line +
    titleLines.length * TITLE.line +
    SMALL.line +
    calls.length * (SMALL.line + 4) +
    PAD +
    (calls.length > 0 ? 4 : 0);
  return {
    key: `screen:${screen.name}`,
    screen,
    titleLines,
    calls,
    width: Math.max(150, Math.max(...widths) + 2 * PAD + 8),
    height,
  };
}

// ── Drawing ────────────────────────────────────────────────────────────────────────────────────

function shape(type: ScreenType, x: number, y: number, w: number, h: number): string {
  const { fill, stroke } = STYLES[type];
  const rect = (rx: number, extra = "") =>
    `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" rx="${num(rx)}" fill="${fill}" stroke="${stroke}"${extra}/>`;
  switch (type) {
    case "question":
      return rect(8, ' stroke-width="1.5"');
    case "lookup":
      // A double border: the screen asks and looks something up.
      return `${rect(8, ' stroke-width="1.5"')}<rect x="${num(x + 3)}" y="${num(y + 3)}" width="${num(w - 6)}" height="${num(h - 6)}" rx="6" fill="none" stroke="${stroke}"/>`;
    case "check-answers":
      return rect(0, ' stroke-width="2.5"');
    case "confirmation":
      return rect(Math.min(h / 2, 22), ' stroke-width="2"');
    case "exit": {
      // An octagon, like a stop sign: the journey ends early.
      const c = Math.min(12, h / 4);
      const points = [
        [x + c, y],
        [x + w - c, y],
        [x + w, y + c],
        [x + w, y + h - c],
        [x + w - c, y + h],
        [x + c, y + h],
        [x, y + h - c],
        [x, y + c],
      ]
        .map(([px, py]) => `${num(px as number)},${num(py as number)}`)
        .join(" ");
      return `<polygon points="${points}" fill="${fill}" stroke="${stroke}" stroke-width="2"/>`;
    }
  }
}

function text(x: number, y: number, content: string, attrs: string): string {
  return `<text x="${num(x)}" y="${num(y)}" ${attrs}>${escapeXml(content)}</text>`;
}

function drawBox(b: Box, cx: number, cy: number): string {
  const x = cx - b.width / 2;
  const top = cy - b.height / 2;
  const parts = [shape(b.screen.type, x, top, b.width, b.height)];
  let y = top + PAD + SMALL.size;
  parts.push(
    text(
      cx,
      y,
      STYLES[b.screen.type].label.toUpperCase(),
      `font-size="${SMALL.size - 1}" letter-spacing="0.5" fill="${STYLES[b.screen.type].stroke}" font-weight="700"`,
    ),
  );
  y += SMALL.line - SMALL.size + TITLE.size + 2;
  for (const line of b.titleLines) {
    parts.push(text(cx, y, line, `font-size="${TITLE.size}" font-weight="600"`));
    y += TITLE.line;
  }
  parts.push(text(cx, y, b.screen.name, `font-size="${SMALL.size}" font-family="${MONO}"`));
  for (const call of b.calls) {
    y += SMALL.line + 4;
    const w = textWidth(call, SMALL) + PAD;
    parts.push(
      `<rect x="${num(cx - w / 2)}" y="${num(y - SMALL.size - 2)}" width="${num(w)}" height="${SMALL.line + 2}" rx="8" fill="#ffffff" stroke="${CALL_COLOUR}"/>`,
      text(cx, y, call, `font-size="${SMALL.size}" fill="${CALL_COLOUR}"`),
    );
  }
  return `<g class="screen screen-${b.screen.type}">${parts.join("")}</g>`;
}

function drawLabel(lines: string[], cx: number, cy: number, w: number, h: number): string {
  const top = cy - h / 2;
  const rows = lines.map((line, i) =>
    text(cx, top + 4 + LABEL.size + i * LABEL.line - 1, line, `font-size="${LABEL.size}"`),
  );
  return `<rect x="${num(cx - w / 2)}" y="${num(top)}" width="${num(w)}" height="${num(h)}" rx="3" fill="#ffffff" stroke="#dfe1e2"/>${rows.join("")}`;
}

/** The key: one of each shape, the call marker and an arrow, in rows no wider than the map. */
function legend(
  top: number,
  maxWidth: number,
  arrow: string,
): { svg: string; width: number; height: number } {
  const h = 26;
  const gap = 10;
  const arrowText = "next screen, when the condition holds";
  const callText = "calls a city system";
  const items: Array<{ width: number; draw: (x: number, y: number) => string }> = [
    ...TYPES.map((type) => {
      const w = textWidth(STYLES[type].label, SMALL) + 28;
      return {
        width: w,
        draw: (x: number, y: number) =>
          shape(type, x, y, w, h) + text(x + w / 2, y + 17, STYLES[type].label, `font-size="${SMALL.size}"`),
      };
    }),
    {
      width: textWidth(callText, SMALL) + PAD,
      draw: (x: number, y: number) => {
        const w = textWidth(callText, SMALL) + PAD;
        return `<rect x="${num(x)}" y="${num(y + 4)}" width="${num(w)}" height="${SMALL.line + 2}" rx="8" fill="#ffffff" stroke="${CALL_COLOUR}"/>${text(x + w / 2, y + 17, callText, `font-size="${SMALL.size}" fill="${CALL_COLOUR}"`)}`;
      },
    },
    {
      width: 36 + textWidth(arrowText, SMALL),
      draw: (x: number, y: number) =>
        `<path d="M${num(x)},${num(y + 13)} h30" stroke="${EDGE}" stroke-width="1.5" marker-end="url(#${arrow})"/>${text(x + 36, y + 17, arrowText, `font-size="${SMALL.size}" text-anchor="start"`)}`,
    },
  ];
  const parts: string[] = [];
  let x = 16;
  let y = top;
  let width = 0;
  for (const item of items) {
    if (x > 16 && x + item.width > maxWidth - 16) {
      x = 16;
      y += h + gap;
    }
    parts.push(item.draw(x, y));
    x += item.width + gap;
    width = Math.max(width, x - gap + 16);
  }
  return { svg: `<g class="legend">${parts.join("")}</g>`, width, height: y + h - top };
}

// ── The text alternative ───────────────────────────────────────────────────────────────────────

/** A full stop, unless the text ends with its own ("Do you live in Cedarport?"). */
const sentence = (text: string) => (/[.?!]$/.test(text) ? text : `${text}.`);

/** Everything the drawing shows, as sentences: the map's <desc>, read by screen readers. */
export function describeMap(workflow: Workflow): string {
  const byName = new Map(workflow.screens.map((s) => [s.name, s]));
  const sentences = [
    `${workflow.screens.length} screens. It starts on ${workflow.start}.`,
    ...workflow.screens.map((screen) => {
      const head = sentence(
        `${screen.name} (${STYLES[screen.type].label}): ${localizeText(screen.title, "en")}`,
      );
      const calls = [
        ...(screen.call ? [`It calls ${callText(screen.call)}.`] : []),
        ...(screen.followUp ?? []).map((call) => `Then it calls ${callText(call)}.`),
      ];
      const ways =
        screen.next.length === 0
          ? ["The journey ends here."]
          : screen.next.map((t) => {
              const words = describeTransition(t, screen.next, { screen: screen.name });
              const to = byName.has(t.to) ? t.to : `${t.to} (no such screen)`;
              if (!words) return `Goes to ${to}.`;
              return t.when ? `Goes to ${to} when ${words}.` : `Goes to ${to} ${words}.`;
            });
      return [head, ...calls, ...ways].join(" ");
    }),
  ];
  return sentences.join(" ");
}

// ── The map ────────────────────────────────────────────────────────────────────────────────────

const START = "start";

/** The SVG map of a workflow (a standalone file, and inline in an HTML page alike). */
export function workflowMap(workflow: Workflow): string {
  const id = `map-${workflow.name.replace(/[^a-z0-9-]/gi, "-")}`;
  const arrow = `${id}-arrow`;
  const graph = new dagre.graphlib.Graph<GraphLabel, NodeLabel, EdgeLabel>({ multigraph: true });
  graph.setGraph({ rankdir: "TB", nodesep: 36, edgesep: 18, ranksep: 42, marginx: 16, marginy: 16 });
  graph.setDefaultEdgeLabel(() => ({}));

  const boxes = workflow.screens.map(box);
  const known = new Set(workflow.screens.map((s) => s.name));
  graph.setNode(START, { width: 64, height: 26 });
  for (const b of boxes) graph.setNode(b.key, { width: b.width, height: b.height });
  if (known.has(workflow.start)) graph.setEdge(START, `screen:${workflow.start}`, {}, "start");

  const labels = new Map<string, string[]>();
  for (const b of boxes) {
    b.screen.next.forEach((transition, i) => {
      if (!known.has(transition.to)) return;
      const words = describeTransition(transition, b.screen.next, { screen: b.screen.name });
      const lines = words ? wrap(words, LABEL.wrap) : [];
      const name = `${b.screen.name}#${i}`;
      labels.set(name, lines);
      const width = lines.length ? Math.max(...lines.map((l) => textWidth(l, LABEL))) + 10 : 0;
      const height = lines.length ? lines.length * LABEL.line + 6 : 0;
      graph.setEdge(b.key, `screen:${transition.to}`, { width, height, labelpos: "c" }, name);
    });
  }
  dagre.layout(graph);

  const drawn: string[] = [];
  for (const edge of graph.edges()) {
    const e = graph.edge(edge);
    const points = e.points ?? [];
    const d = points.map((p, i) => `${i === 0 ? "M" : "L"}${num(p.x)},${num(p.y)}`).join(" ");
    drawn.push(
      `<path d="${d}" fill="none" stroke="${EDGE}" stroke-width="1.5" marker-end="url(#${arrow})"/>`,
    );
  }
  for (const edge of graph.edges()) {
    const lines = labels.get(edge.name ?? "") ?? [];
    const e = graph.edge(edge);
    if (lines.length > 0 && e.x !== undefined && e.y !== undefined)
      drawn.push(drawLabel(lines, e.x, e.y, e.width ?? 0, e.height ?? 0));
  }
  const start = graph.node(START);
  drawn.push(
    `<rect x="${num((start.x ?? 0) - 32)}" y="${num((start.y ?? 0) - 13)}" width="64" height="26" rx="13" fill="${INK}"/>`,
    text(
      start.x ?? 0,
      (start.y ?? 0) + 5,
      "Start",
      `font-size="${SMALL.size + 1}" font-weight="700" fill="#ffffff"`,
    ),
  );
  for (const b of boxes) {
    const n = graph.node(b.key);
    drawn.push(drawBox(b, n.x ?? 0, n.y ?? 0));
  }

  const size = graph.graph();
  const graphWidth = size.width ?? 0;
  const graphHeight = size.height ?? 0;
  const key = legend(graphHeight + 8, Math.max(graphWidth, 480), arrow);
  const width = Math.ceil(Math.max(graphWidth, key.width));
  const height = Math.ceil(graphHeight + 8 + key.height + 16);
  const title = `Map of the service: ${localizeText(workflow.title, "en")} (${workflow.name})`;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="${id}-title ${id}-desc" font-family="${FONT}" fill="${INK}" text-anchor="middle">`,
    `<title id="${id}-title">${escapeXml(title)}</title>`,
    `<desc id="${id}-desc">${escapeXml(describeMap(workflow))}</desc>`,
    `<defs><marker id="${arrow}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${EDGE}"/></marker></defs>`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    ...drawn,
    key.svg,
    "</svg>",
    "",
  ].join("\n");
}
