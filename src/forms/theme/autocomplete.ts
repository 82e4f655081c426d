/**
 * The autocomplete token of a field, so browsers can fill names, addresses, phones, emails and
 * card details: the uiSchema's "ui:autocomplete" wins, then the schema's "x-autocomplete", then
 * the format's, then a guess from common property names.
 */
import { asSchema, type JsonSchema } from "./schema-walk";

const BY_FORMAT: Record<string, string> = {
  email: "email",
  "us-phone": "tel",
  "us-zip": "postal-code",
  "postal-code": "postal-code",
  "card-number": "cc-number",
  "card-expiry": "cc-exp",
  "card-cvv": "cc-csc",
};

const BY_NAME: Record<string, string> = {
  firstname: "given-name",
  legalfirstname: "given-name",
  givenname: "given-name",
  middlename: "additional-name",
  legalmiddlename: "additional-name",
  lastname: "family-name",
  legallastname: "family-name",
  familyname: "family-name",
  surname: "family-name",
  fullname: "name",
  name: "name",
  nameoncard: "cc-name",
  cardholdername: "cc-name",
  email: "email",
  emailaddress: "email",
  phone: "tel",
  phonenumber: "tel",
  telephone: "tel",
  address: "address-line1",
  address1: "address-line1",
  addressline1: "address-line1",
  streetaddress: "address-line1",
  address2: "address-line2",
  addressline2: "address-line2",
  city: "address-level2",
  state: "address-level1",
  zip: "postal-code",
  zipcode: "postal-code",
  postalcode: "postal-code",
  country: "country-name",
  companyname: "organization",
  organization: "organization",
  dateofbirth: "bday",
  birthdate: "bday",
};

export function autocompleteFor(name: string, schema: JsonSchema, uiSchema: unknown): string | undefined {
  const ui = asSchema(uiSchema);
  const explicit =
    ui?.["ui:autocomplete"] ?? asSchema(ui?.["ui:options"])?.autocomplete ?? schema["x-autocomplete"];
  if (typeof explicit === "string") return explicit;
  if (typeof schema.format === "string" && BY_FORMAT[schema.format]) return BY_FORMAT[schema.format];
  return BY_NAME[name.toLowerCase().replace(/[^a-z0-9]/g, "")];
}
