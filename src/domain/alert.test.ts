import { describe, expect, it, vi } from "vitest";
import {
  alertPositions,
  alertRole,
  alertTypes,
  isAlertPosition,
  isAlertType,
  isFixed,
  normalizeAlert,
} from "./alert";

describe("normalizeAlert", () => {
  it("defaults to an info alert that can be closed", () => {
    expect(normalizeAlert({ message: "Hello" })).toEqual({
      alertType: "info",
      messages: ["Hello"],
      allowClose: true,
    });
  });

  it("keeps given values", () => {
    const notifyOnClose = vi.fn();
    const alert = normalizeAlert({
      alertType: "error",
      title: "Problem",
      message: ["one", "two"],
      position: "bottom-right",
      allowClose: false,
      notifyOnClose,
    });
    expect(alert).toEqual({
      alertType: "error",
      title: "Problem",
      messages: ["one", "two"],
      position: "bottom-right",
      allowClose: false,
      notifyOnClose,
    });
  });

  it("falls back to info for an unknown type and drops an unknown position", () => {
    const alert = normalizeAlert({ alertType: "danger", position: "middle" });
    expect(alert.alertType).toBe("info");
    expect(alert.position).toBeUndefined();
  });

  it("treats null as absent", () => {
    expect(
      normalizeAlert({
        alertType: null,
        title: null,
        message: null,
        position: null,
        allowClose: null,
        notifyOnClose: null,
      }),
    ).toEqual({ alertType: "info", messages: [], allowClose: true });
  });

  it("drops blank messages and an empty title", () => {
    expect(normalizeAlert({ title: "", message: ["", "  ", "kept"] })).toEqual({
      alertType: "info",
      messages: ["kept"],
      allowClose: true,
    });
  });

  it("accepts every type and position", () => {
    for (const alertType of alertTypes) expect(normalizeAlert({ alertType }).alertType).toBe(alertType);
    for (const position of alertPositions) expect(normalizeAlert({ position }).position).toBe(position);
  });
});

describe("guards", () => {
  it("recognise types and positions", () => {
    expect(alertTypes).toEqual(["info", "success", "warning", "error", "emergency"]);
    expect(alertPositions).toEqual(["top", "bottom", "bottom-right", "top-right"]);
    expect(isAlertType("warning")).toBe(true);
    expect(isAlertType("WARNING")).toBe(false);
    expect(isAlertPosition("top-right")).toBe(true);
    expect(isAlertPosition(3)).toBe(false);
  });
});

describe("isFixed", () => {
  it("is true exactly when a position is given", () => {
    expect(isFixed(normalizeAlert({ position: "top" }))).toBe(true);
    expect(isFixed(normalizeAlert({}))).toBe(false);
  });
});

describe("alertRole", () => {
  it("interrupts for errors and emergencies only", () => {
    expect(alertRole({ alertType: "error" })).toBe("alert");
    expect(alertRole({ alertType: "emergency" })).toBe("alert");
    expect(alertRole({ alertType: "info" })).toBe("status");
    expect(alertRole({ alertType: "success" })).toBe("status");
    expect(alertRole({ alertType: "warning" })).toBe("status");
  });
});
