import { timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { createSchema, createYoga } from "graphql-yoga";
import { type ContentContext, resolvers } from "./resolvers";
import type { ContentStore } from "./store";

const typeDefs = readFileSync(new URL("./schema.graphql", import.meta.url), "utf8");

export interface ContentServiceOptions {
  store: ContentStore;
  /** The draft credential this server holds; requests present it as `Authorization: Bearer …`. */
  draftToken: string;
  now?: () => Date;
}

export function hasDraftCredential(header: string | null, draftToken: string): boolean {
  const presented = /^Bearer (.+)$/.exec(header ?? "")?.[1];
  if (!presented || !draftToken) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(draftToken);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The embedded content service: GraphQL over POST at /graphql (SPEC §7.2). */
export function createContentService({ store, draftToken, now = () => new Date() }: ContentServiceOptions) {
  return createYoga<object, ContentContext>({
    schema: createSchema<ContentContext>({ typeDefs, resolvers }),
    graphqlEndpoint: "/graphql",
    graphiql: false,
    landingPage: false,
    // Errors never leak internals to the public: yoga masks unexpected errors by default.
    maskedErrors: true,
    context: async ({ request }) => ({
      snapshot: await store.snapshot(),
      draftAllowed: hasDraftCredential(request.headers.get("authorization"), draftToken),
      includeDrafts: false,
      now: now(),
    }),
    logging: false,
  });
}
export type ContentService = ReturnType<typeof createContentService>;
