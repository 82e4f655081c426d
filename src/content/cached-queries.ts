import type { ContentQueries } from "./queries";

/**
 * Published content changes only when editors publish, so the answer to a query is kept until the
 * content version changes (every web process checks the version; src/content-service/store.ts).
 * Answers are shared between requests: callers treat them as read-only (the localization merge
 * and the view models build new objects). Bounded so that crawling many slugs cannot grow it
 * without limit; drafts are never cached.
 */
export function cachedQueries(
  queries: ContentQueries,
  version: () => Promise<string>,
  maxEntries = 2_000,
): ContentQueries {
  const answers = new Map<string, Promise<unknown>>();
  let current = "";
  const wrap =
    <A extends unknown[], R>(name: string, run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const v = await version();
      if (v !== current) {
        answers.clear();
        current = v;
      }
      const key = `${name}\u0000${JSON.stringify(args)}`;
      let answer = answers.get(key) as Promise<R> | undefined;
      if (!answer) {
        answer = run(...args);
        // A failed query is not remembered: the next request asks again.
        answer.catch(() => answers.delete(key));
        answers.set(key, answer);
        if (answers.size > maxEntries) answers.delete(answers.keys().next().value as string);
      }
      return answer;
    };
  return Object.fromEntries(
    Object.entries(queries).map(([name, run]) => [
      name,
      wrap(name, run as (...args: unknown[]) => Promise<unknown>),
    ]),
  ) as unknown as ContentQueries;
}
