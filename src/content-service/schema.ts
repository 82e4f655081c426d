import { readFileSync } from "node:fs";
import { buildSchema, type GraphQLFieldResolver, type GraphQLSchema, isObjectType } from "graphql";
import { resolvers } from "./resolvers";

const typeDefs = readFileSync(new URL("./schema.graphql", import.meta.url), "utf8");

/**
 * The content service's executable schema: schema.graphql with the resolvers attached, built with
 * graphql alone. It is what graphql-yoga's createSchema (@graphql-tools/schema's
 * makeExecutableSchema) would build for these resolvers, which are plain field resolvers on object
 * types, without loading @graphql-tools (~0.1 s) at every server start. Like makeExecutableSchema, a
 * resolver for a type or field the schema lacks is a startup error, not a silently unused function.
 */
export function buildContentSchema(): GraphQLSchema {
  const schema = buildSchema(typeDefs);
  for (const [typeName, fields] of Object.entries(resolvers)) {
    const type = schema.getType(typeName);
    if (!isObjectType(type))
      throw new Error(`Resolvers for ${typeName}, which is not an object type in the schema`);
    const schemaFields = type.getFields();
    for (const [fieldName, resolve] of Object.entries(fields)) {
      const field = schemaFields[fieldName];
      if (!field) throw new Error(`Resolver for ${typeName}.${fieldName}, which is not in the schema`);
      field.resolve = resolve as GraphQLFieldResolver<unknown, unknown>;
    }
  }
  return schema;
}

let built: GraphQLSchema | undefined;

/** One schema per process: it holds no state, so every content service shares it. */
export function contentSchema(): GraphQLSchema {
  built ??= buildContentSchema();
  return built;
}
