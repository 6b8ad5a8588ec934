import { createContext, useContext } from "react";

/** The per-response CSP nonce (set by app/entry.server.tsx); empty in the browser. */
const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
