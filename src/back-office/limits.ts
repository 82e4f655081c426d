/** What a staff note may hold: a paragraph or two, not a document (forms and server agree on it). */
export const NOTE_LIMIT = 2000;
