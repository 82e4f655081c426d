import { AddressCombobox, type AddressComboboxProps } from "../components/AddressCombobox/AddressCombobox";
import "../components/Typeahead/Typeahead.css";
import "../components/AddressCombobox/AddressCombobox.css";

export type AddressLookupProps = AddressComboboxProps;

/** The address combobox as an island, with its stylesheets (the component itself imports none). */
export function AddressLookup(props: AddressLookupProps) {
  return <AddressCombobox {...props} />;
}
