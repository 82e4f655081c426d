/**
 * Applicant names in the public status table: only the first letter of each part of the name, so a
 * neighbour can recognise their own application without learning who applied for what.
 * "Maria Delgado" → "M. D."; "Ana García-López" → "A. G.-L."; "" → "".
 */
export function maskApplicantName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter((part) => /\p{L}/u.test(part))
    .map((part) =>
      part
        .split("-")
        .filter((piece) => /\p{L}/u.test(piece))
        .map((piece) => `${(piece.match(/\p{L}/u)?.[0] ?? "").toLocaleUpperCase("en-US")}.`)
        .join("-"),
    )
    .join(" ");
}
