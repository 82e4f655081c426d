import { index, type RouteConfig, route } from "@react-router/dev/routes";

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
  // Staff only (the preview session): every service, its check results, map and texts.
  route("preview/workflows", "routes/preview-workflows.tsx"),
  route("preview/workflows/:name", "routes/preview-workflow.tsx"),
  route(":slug", "routes/page.tsx"),
  // The default link of a content item (SPEC §2): /{section}/{slug}.
  route(":section/:slug", "routes/content-link.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
