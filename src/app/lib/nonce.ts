import { createContext, useContext } from "react";

/**
 * The response's CSP nonce (src/server/security-headers.ts), given to the inline scripts React
 * Router writes into hydrated pages. Set only while rendering on the server: in the browser the
 * scripts already ran, and the browser hides a nonce from the document anyway.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
