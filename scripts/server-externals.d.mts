export declare const SERVER_EXTERNALS: string[];
export declare function isServerExternal(specifier: string): boolean;
