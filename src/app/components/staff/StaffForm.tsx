import type { ReactNode } from "react";

/**
 * A form of the staff console: it posts to `action` with the session's CSRF token (`_csrf`) and
 * what it does (`intent`), which the page's action reads to tell its forms apart.
 */
export interface StaffPostProps {
  action: string;
  csrf: string;
  intent: string;
  children: ReactNode;
}

export function StaffPost({ action, csrf, intent, children }: StaffPostProps) {
  return (
    <form method="post" action={action}>
      <input type="hidden" name="_csrf" value={csrf} />
      <input type="hidden" name="intent" value={intent} />
      {children}
    </form>
  );
}

/** A section of a staff page that is one form under its heading (`after`: what follows the form). */
export function StaffForm({
  id,
  heading,
  after,
  ...post
}: StaffPostProps & { id: string; heading: string; after?: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <StaffPost {...post} />
      {after}
    </section>
  );
}
