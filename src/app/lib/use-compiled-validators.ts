import { useEffect, useState } from "react";
import { type CompiledValidator, loadStandaloneValidators } from "../../forms/validation/compiled";

/**
 * The service's compiled screen validators (src/server/validator-bundles.ts), loaded once the page
 * is interactive. Until they arrive, or if they cannot be loaded, checking is left to the server.
 */
export function useCompiledValidators(url: string | null): Record<string, CompiledValidator> | undefined {
  const [validators, setValidators] = useState<Record<string, CompiledValidator>>();
  useEffect(() => {
    if (!url) return;
    let live = true;
    import(/* @vite-ignore */ url)
      .then((module: unknown) => {
        if (live) setValidators(loadStandaloneValidators(module));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [url]);
  return validators;
}
