/**
 * Addresses and error messages as they may go to the logs: the credentials some addresses carry
 * are replaced by "[redacted]". A save-and-return link's token (`/resume/<token>`) opens a
 * resident's answers, and a `token=` (or any `…token…=`) query value is a credential too (the
 * editors' preview link). Works on any text, including addresses too malformed to parse, and on
 * their percent-encoded forms.
 */
const REDACTED = "[redacted]";

// `/resume/` (or `%2Fresume%2F`) then the token, up to the next separator.
const RESUME_PATH = /((?:\/|%2f)resume(?:\/|%2f))(?:(?!%2f|%3f|%23)[^/?#&\s"'<>])+/gi;
// A query parameter whose name contains "token", up to the next parameter.
const TOKEN_PARAM = /([?&;](?:[^=&#\s"'<>]*token[^=&#\s"'<>]*)=)[^&#\s"'<>]*/gi;

export function redactUrl(text: string): string {
  return text.replace(RESUME_PATH, `$1${REDACTED}`).replace(TOKEN_PARAM, `$1${REDACTED}`);
}

/** An error as it may be logged: its message and stack with every address redacted. */
export function redactError(error: unknown): string {
  if (error instanceof Error) return redactUrl(error.stack ?? `${error.name}: ${error.message}`);
  return redactUrl(String(error));
}
