import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("activities", "routes/activities.tsx"),
  route("activity/:slug", "routes/activity.tsx"),
  route("agencies", "routes/agencies.tsx"),
  route("agency/:slug", "routes/agency.tsx"),
  route("topics", "routes/topics.tsx"),
  route("topic/:slug", "routes/topic.tsx"),
  route("bad-request", "routes/bad-request.tsx"),
  route("search", "routes/search.tsx"),
  route("workflow/:name", "routes/workflow-start.tsx"),
  route("workflow/:name/resume/:token", "routes/workflow-resume.tsx"),
  route("workflow/:name/:screen", "routes/workflow-screen.tsx"),
  // A property tax invoice (the payments integration's `viewUrl`), printable.
  route("payments/invoices/:id", "routes/payment-invoice.tsx"),
  // Bid opportunities (src/integrations/bids/): the list, a bid, and a requested bid's packet.
  route("bids", "routes/bids.tsx"),
  route("bids/:number", "routes/bid.tsx"),
  route("bids/:number/packet", "routes/bid-packet.ts"),
  // Property records (src/integrations/property-records/): the search and a parcel's page.
  route("property-search", "routes/property-search.tsx"),
  route("property/:parcelNumber", "routes/property.tsx"),
  // Elected officials: the list, a person's page, and an address's representatives (src/integrations/council-districts/).
  route("elected-officials", "routes/elected-officials.tsx"),
  route("person/:id", "routes/person.tsx"),
  route("find-my-representatives", "routes/find-my-representatives.tsx"),
  // Where any request stands, for the resident who sent it (src/back-office/).
  route("request-status", "routes/request-status.tsx"),
  // The staff console (src/back-office/): sign-in, each service's submissions, one submission and its documents, the audit log.
  layout("routes/staff/layout.tsx", [
    route("staff", "routes/staff/home.tsx"),
    route("staff/login", "routes/staff/login.tsx"),
    // Sign-in through the city's identity provider (OpenID Connect): start, the provider's redirect back, a refusal.
    route("staff/login/oidc", "routes/staff/login-oidc.ts"),
    route("staff/login/callback", "routes/staff/login-callback.tsx"),
    route("staff/login/failed", "routes/staff/login-failed.tsx"),
    route("staff/logout", "routes/staff/logout.ts"),
    route("staff/signed-out", "routes/staff/signed-out.tsx"),
    route("staff/audit", "routes/staff/audit.tsx"),
    route("staff/deliveries", "routes/staff/deliveries.tsx"),
    route("staff/services/:name", "routes/staff/inbox.tsx"),
    route("staff/services/:name/export", "routes/staff/export.ts"),
    route("staff/services/:name/performance", "routes/staff/performance.tsx"),
    route("staff/submissions/:reference", "routes/staff/submission.tsx"),
    // A document the resident uploaded with it (a download).
    route("staff/submissions/:reference/documents/:id", "routes/staff/document.ts"),
  ]),
  // Staff only (the preview session): every service, its check results, map and texts.
  route("preview/workflows", "routes/preview-workflows.tsx"),
  route("preview/workflows/:name", "routes/preview-workflow.tsx"),
  route(":slug", "routes/page.tsx"),
  // The default link of a content item (SPEC §2): /{section}/{slug}.
  route(":section/:slug", "routes/content-link.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
