import { type IslandName, type IslandProps, islandComponent } from "./registry";
import "./Island.css";

export interface IslandMarkerProps<N extends IslandName> {
  name: N;
  props: IslandProps<N>;
  /** The element that holds the island; a box-less <div> by default, an <li> in lists. */
  as?: "div" | "li";
  className?: string;
}

/**
 * A component the islands script brings to life in the browser (see ./registry). The server (and
 * React on hydrated pages) renders it here as usual; the marker carries its name and props.
 */
export function Island<N extends IslandName>({
  name,
  props,
  as: Tag = "div",
  className,
}: IslandMarkerProps<N>) {
  const Component = islandComponent(name);
  return (
    <Tag
      className={className ?? (Tag === "div" ? "cp-island" : undefined)}
      data-island={name}
      data-props={JSON.stringify(props)}
    >
      <Component {...props} />
    </Tag>
  );
}
