import { data } from "react-router";

/** Thrown by loaders: React Router renders the root error boundary with this status. */
export const notFound = () => data(null, { status: 404, statusText: "Not Found" });
export const badRequest = () => data(null, { status: 400, statusText: "Bad Request" });

/** `?stage=draft` asks for drafts; the server has already checked the credential (context.draft). */
export const stageOf = (draft: boolean) => (draft ? ("DRAFT" as const) : undefined);
