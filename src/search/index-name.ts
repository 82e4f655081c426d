/**
 * Which search index a site uses (SPEC §7.1): the test index when the host name carries the test
 * marker, production otherwise. The marker is a host-name label "test" followed by a dot
 * (test.cedarport.gov, www.test.cedarport.gov) or a label ending in "-test"
 * (cedarport-test.example.org, services-test.cedarport.gov). "latest.cedarport.gov" is production.
 */
export const PRODUCTION_INDEX = "content_production";
export const TEST_INDEX = "content_test";
export const INDEX_NAMES = [PRODUCTION_INDEX, TEST_INDEX] as const;
export type ContentIndexName = (typeof INDEX_NAMES)[number];

/** The host name alone: no scheme, port, path or trailing dot, lower-case. */
export function hostNameOf(host: string): string {
  let name = host.trim().toLowerCase();
  name = name.replace(/^[a-z][a-z0-9+.-]*:\/\//, "");
  name = name.split(/[/?#]/)[0] ?? "";
  name = name.replace(/^[^@]*@/, "");
  if (name.startsWith("[")) return name.slice(0, name.indexOf("]") + 1);
  return name.replace(/:\d*$/, "").replace(/\.$/, "");
}

export function hasTestMarker(host: string): boolean {
  const name = hostNameOf(host);
  return /(^|\.)test\./.test(name) || /-test(\.|$)/.test(name);
}

export function indexNameForHost(host: string | null | undefined): ContentIndexName {
  return host && hasTestMarker(host) ? TEST_INDEX : PRODUCTION_INDEX;
}
