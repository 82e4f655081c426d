import { describe, expect, it } from "vitest";
import { hasTestMarker, hostNameOf, indexNameForHost } from "./index-name";

describe("indexNameForHost (SPEC §7.1)", () => {
  it("uses the test index for hosts with the test marker", () => {
    for (const host of [
      "test.cedarport.gov",
      "www.test.cedarport.gov",
      "TEST.cedarport.gov:8443",
      "cedarport-test.example.org",
      "services-test.cedarport.gov",
      "https://test.cedarport.gov/search?term=x",
    ]) {
      expect(indexNameForHost(host), host).toBe("content_test");
    }
  });

  it("uses production otherwise", () => {
    for (const host of [
      "www.cedarport.gov",
      "latest.cedarport.gov",
      "contest.cedarport.gov",
      "testing.cedarport.gov",
      "test-drive.cedarport.gov",
      "localhost:3000",
      "",
      null,
      undefined,
    ]) {
      expect(indexNameForHost(host), String(host)).toBe("content_production");
    }
  });

  it("reads host names out of hosts, URLs and authorities", () => {
    expect(hostNameOf("user@Test.Example.org.:80")).toBe("test.example.org");
    expect(hostNameOf("[::1]:3000")).toBe("[::1]");
    expect(hasTestMarker("[::1]")).toBe(false);
  });
});
