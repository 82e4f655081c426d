import { test } from "@playwright/test";
import { clearOfCityMidnight } from "../city-clock";

/**
 * For a test that types or reads the city's today and checks it against what the server dates
 * later: a test that passes takes less than its timeout, so within that of the city's midnight,
 * this waits until just past it, and gives the test that much longer.
 */
export function onOneCityDay(): Promise<void> {
  return clearOfCityMidnight(test.info().timeout, (waitMs) => test.setTimeout(test.info().timeout + waitMs));
}
