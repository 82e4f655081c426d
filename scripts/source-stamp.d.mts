export function sourceStamp(root: string): string;
export function writeSourceStamp(root: string, stamp?: string): void;
export function builtFromCurrentSources(root: string): boolean;
