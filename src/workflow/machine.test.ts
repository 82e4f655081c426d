import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { petsWorkflow } from "./fixtures";
import { buildMachine } from "./machine";
import { parseWorkflow } from "./parse";

const workflow = parseWorkflow(petsWorkflow(), "pets.json");
const now = "2026-06-01T16:00:00.000Z";

function start() {
  return createActor(buildMachine(workflow), { input: {} }).start();
}

function next(actor: ReturnType<typeof start>, answers: unknown) {
  actor.send({ type: "NEXT", answers, now });
}

describe("buildMachine", () => {
  it("has one state per screen and starts on the start screen", () => {
    const machine = buildMachine(workflow);
    expect(Object.keys(machine.root.states)).toEqual(workflow.screens.map((s) => s.name));
    expect(buildMachine(workflow)).toBe(machine);
    const actor = start();
    expect(actor.getSnapshot().value).toBe("start");
    expect(actor.getSnapshot().context).toEqual({ answers: {}, results: {}, history: [] });
  });

  it("NEXT saves the answers and follows the first transition whose condition holds", () => {
    const actor = start();
    next(actor, { hasPet: true });
    expect(actor.getSnapshot().value).toBe("details");
    expect(actor.getSnapshot().context.answers).toEqual({ start: { hasPet: true } });
    expect(actor.getSnapshot().context.history).toEqual(["start"]);
    next(actor, { name: "Rex", age: 12 });
    expect(actor.getSnapshot().value).toBe("senior");

    const other = start();
    next(other, { hasPet: false });
    expect(other.getSnapshot().value).toBe("no-pets");
    expect(other.getSnapshot().hasTag("exit")).toBe(true);
  });

  it("BACK returns to the previous screen and keeps every answer", () => {
    const actor = start();
    next(actor, { hasPet: true });
    next(actor, { name: "Rex", age: 3 });
    expect(actor.getSnapshot().value).toBe("check");
    actor.send({ type: "BACK" });
    expect(actor.getSnapshot().value).toBe("details");
    actor.send({ type: "BACK" });
    expect(actor.getSnapshot().value).toBe("start");
    expect(actor.getSnapshot().context.answers).toEqual({
      start: { hasPet: true },
      details: { name: "Rex", age: 3 },
    });
    actor.send({ type: "BACK" });
    expect(actor.getSnapshot().value).toBe("start");
  });

  it("BACK leaves an exit page for the answer that led there", () => {
    const actor = start();
    next(actor, { hasPet: false });
    actor.send({ type: "BACK" });
    expect(actor.getSnapshot().value).toBe("start");
  });

  it("CHANGE from check-answers opens the screen, and answering it returns to check-answers", () => {
    const actor = start();
    next(actor, { hasPet: true });
    next(actor, { name: "Rex", age: 3 });
    actor.send({ type: "CHANGE", screen: "details", now });
    expect(actor.getSnapshot().value).toBe("details");
    expect(actor.getSnapshot().context.returnTo).toBe("check");
    next(actor, { name: "Rex II", age: 4 });
    expect(actor.getSnapshot().value).toBe("check");
    expect(actor.getSnapshot().context.returnTo).toBeUndefined();
    expect(actor.getSnapshot().context.answers.details).toEqual({ name: "Rex II", age: 4 });
  });

  it("a change that opens a new branch goes through it before returning", () => {
    const actor = start();
    next(actor, { hasPet: true });
    next(actor, { name: "Rex", age: 3 });
    actor.send({ type: "CHANGE", screen: "details", now });
    next(actor, { name: "Rex", age: 12 });
    expect(actor.getSnapshot().value).toBe("senior");
    expect(actor.getSnapshot().context.returnTo).toBe("check");
    next(actor, { vet: "Dr. Paws" });
    expect(actor.getSnapshot().value).toBe("check");
  });

  it("BACK during a change returns to check-answers", () => {
    const actor = start();
    next(actor, { hasPet: true });
    next(actor, { name: "Rex", age: 3 });
    actor.send({ type: "CHANGE", screen: "start", now });
    actor.send({ type: "BACK" });
    expect(actor.getSnapshot().value).toBe("check");
    expect(actor.getSnapshot().context.returnTo).toBeUndefined();
  });

  it("refuses to CHANGE or VISIT a screen that is not on the path", () => {
    const actor = start();
    next(actor, { hasPet: true });
    next(actor, { name: "Rex", age: 3 });
    actor.send({ type: "CHANGE", screen: "senior", now });
    expect(actor.getSnapshot().value).toBe("check");
    actor.send({ type: "VISIT", screen: "done", now });
    expect(actor.getSnapshot().value).toBe("check");
    actor.send({ type: "VISIT", screen: "start", now });
    expect(actor.getSnapshot().value).toBe("start");
    expect(actor.getSnapshot().context.history).toEqual([]);
  });

  it("SUBMITTED leaves check-answers for the confirmation, which is final", () => {
    const actor = start();
    next(actor, { hasPet: true });
    next(actor, { name: "Rex", age: 3 });
    actor.send({ type: "SUBMITTED", reference: "ACEFHJKM", result: { requestId: "R-1" }, now });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe("done");
    expect(snapshot.status).toBe("done");
    expect(snapshot.context.submission).toEqual({ reference: "ACEFHJKM", sentAt: now });
    expect(snapshot.context.results.check).toEqual({ requestId: "R-1" });
  });

  it("ignores NEXT where there is nothing to answer", () => {
    const actor = start();
    next(actor, { hasPet: true });
    next(actor, { name: "Rex", age: 3 });
    next(actor, {});
    expect(actor.getSnapshot().value).toBe("check");
  });
});
