import type { ComponentProps, ComponentType } from "react";
import { ActivityTile } from "../components/ActivityTile/ActivityTile";
import { AlertBanner } from "../components/Alert/AlertBanner";
import { LanguageSwitch } from "../components/LanguageSwitch/LanguageSwitch";
import { PrintButton } from "../components/PrintButton/PrintButton";
import { AddressLookup } from "./AddressLookup";
import { ListFilters } from "./ListFilters";
import { SiteSearchBox } from "./SiteSearchBox";

/**
 * The components that run in the browser on pages React Router does not hydrate. The server
 * renders each inside an <Island> marker with its props as JSON; the islands script renders the
 * same component there with Preact. Their props must survive JSON: data only, no functions.
 */
export const islandComponents = {
  SearchBox: SiteSearchBox,
  LanguageSwitch,
  FiltersPanel: ListFilters,
  ActivityTile,
  AlertBanner,
  PrintButton,
  AddressCombobox: AddressLookup,
};

export type IslandName = keyof typeof islandComponents;

/** A component's props without the function-valued ones (JSON cannot carry them). */
type DataProps<P> = {
  [K in keyof P as NonNullable<P[K]> extends (...args: never[]) => unknown ? never : K]: P[K];
};

export type IslandProps<N extends IslandName> = DataProps<ComponentProps<(typeof islandComponents)[N]>>;

export function islandComponent<N extends IslandName>(name: N): ComponentType<IslandProps<N>> {
  return islandComponents[name] as unknown as ComponentType<IslandProps<N>>;
}

export function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && Object.hasOwn(islandComponents, name);
}
