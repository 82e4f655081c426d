/**
 * Named examples of screens (kitchen sink: every widget), in English and Spanish, used by the
 * theme's tests (render + axe) and available to docs and previews.
 */
import type { UiSchema } from "@rjsf/utils";
import type { FieldError, Locale } from "../validation/messages";
import type { Answers } from "./form-data";
import type { JsonSchema } from "./schema-walk";

export interface ScreenExample {
  name: string;
  schema: JsonSchema;
  uiSchema: UiSchema;
  formData: Answers;
}

const words = {
  en: {
    title: "Apply for a homestead deduction",
    applicant: "Applicant",
    firstName: "Legal first name",
    lastName: "Legal last name",
    middleName: "Middle name",
    dob: "Date of birth",
    email: "Email address",
    phone: "Phone number",
    address: "Street address",
    city: "City",
    state: "State",
    zip: "ZIP code",
    lastFive: "Last five digits of your Social Security number",
    lastFiveHint: "We only need the last five digits.",
    parcel: "Parcel number",
    parcelHint: "7 or 18 digits, as on your tax bill.",
    mobileHome: "Is the property a mobile home?",
    delivery: "Delivery method",
    county: "County",
    services: "Which deductions are you applying for?",
    amount: "Amount to pay",
    cardNumber: "Card number",
    expiry: "Expiration date",
    cvv: "Security code",
    account: "Account number",
    notes: "Anything else we should know?",
    agree: "I agree to the terms and conditions",
    properties: "Properties",
    property: "Property",
    propertyAddress: "Property address",
    share: "Ownership share",
  },
  es: {
    title: "Solicitar una deducción por vivienda principal",
    applicant: "Solicitante",
    firstName: "Nombre legal",
    lastName: "Apellido legal",
    middleName: "Segundo nombre",
    dob: "Fecha de nacimiento",
    email: "Correo electrónico",
    phone: "Número de teléfono",
    address: "Dirección",
    city: "Ciudad",
    state: "Estado",
    zip: "Código postal",
    lastFive: "Últimos cinco dígitos de su número de Seguro Social",
    lastFiveHint: "Solo necesitamos los últimos cinco dígitos.",
    parcel: "Número de parcela",
    parcelHint: "7 o 18 dígitos, como en su factura de impuestos.",
    mobileHome: "¿La propiedad es una casa móvil?",
    delivery: "Método de entrega",
    county: "Condado",
    services: "¿Qué deducciones solicita?",
    amount: "Cantidad a pagar",
    cardNumber: "Número de tarjeta",
    expiry: "Fecha de vencimiento",
    cvv: "Código de seguridad",
    account: "Número de cuenta",
    notes: "¿Algo más que debamos saber?",
    agree: "Acepto los términos y condiciones",
    properties: "Propiedades",
    property: "Propiedad",
    propertyAddress: "Dirección de la propiedad",
    share: "Porcentaje de propiedad",
  },
} as const;

/** A screen with every widget the theme has. */
export function kitchenSink(locale: Locale): ScreenExample {
  const w = words[locale];
  const schema: JsonSchema = {
    title: w.title,
    type: "object",
    required: ["applicant", "mobileHome", "delivery", "services", "amount", "agree", "properties"],
    properties: {
      applicant: {
        type: "object",
        title: w.applicant,
        required: ["firstName", "middleName", "lastName", "dateOfBirth", "email", "zip", "lastFive"],
        properties: {
          firstName: { type: "string", title: w.firstName },
          middleName: { type: "string", title: w.middleName, "x-required-na": true },
          lastName: { type: "string", title: w.lastName },
          dateOfBirth: { type: "string", title: w.dob, format: "us-date", dateOnOrBefore: "today" },
          email: { type: "string", title: w.email, format: "email" },
          phone: { type: "string", title: w.phone, format: "us-phone" },
          address1: { type: "string", title: w.address },
          city: { type: "string", title: w.city },
          state: { type: "string", title: w.state, enum: ["IN", "IL", "OH", "KY", "MI"] },
          zip: { type: "string", title: w.zip, format: "us-zip" },
          lastFive: {
            type: "string",
            title: w.lastFive,
            description: w.lastFiveHint,
            format: "last-five-digits",
          },
        },
      },
      parcelNumber: { type: "string", title: w.parcel, description: w.parcelHint, format: "parcel-number" },
      mobileHome: { type: "boolean", title: w.mobileHome },
      delivery: {
        type: "string",
        title: w.delivery,
        oneOf: [
          { const: "pickup", title: "Pick-up Copies" },
          { const: "mail", title: "Regular Mail" },
          { const: "inspect", title: "Inspect On-site" },
          { const: "none", title: "No Alternate Method" },
        ],
      },
      county: { type: "string", title: w.county, enum: ["Cedar", "Harbor", "Lake"] },
      services: {
        type: "array",
        title: w.services,
        uniqueItems: true,
        minItemsSelected: 1,
        items: { type: "string", enum: ["Homestead", "Mortgage", "Over 65"] },
      },
      amount: { type: "integer", title: w.amount, format: "cents", minAmount: 100, maxAmount: 1000000 },
      cardNumber: { type: "string", title: w.cardNumber, format: "card-number" },
      expiry: { type: "string", title: w.expiry, format: "card-expiry", cardNotExpired: true },
      cvv: { type: "string", title: w.cvv, format: "card-cvv", securityCodeFor: "/cardNumber" },
      accountNumber: { type: "string", title: w.account, numbersOnly: true },
      notes: { type: "string", title: w.notes },
      properties: {
        type: "array",
        title: w.properties,
        minItems: 1,
        maxItems: 5,
        items: {
          type: "object",
          title: w.property,
          required: ["address"],
          properties: {
            address: { type: "string", title: w.propertyAddress },
            share: { type: "number", title: w.share, maximum: 100 },
          },
        },
      },
      agree: { type: "boolean", title: w.agree, mustAgree: true },
    },
  };
  const uiSchema: UiSchema = {
    "ui:order": [
      "applicant",
      "parcelNumber",
      "mobileHome",
      "delivery",
      "county",
      "services",
      "amount",
      "cardNumber",
      "expiry",
      "cvv",
      "accountNumber",
      "notes",
      "properties",
      "agree",
    ],
    applicant: { state: { "ui:widget": "select" } },
    mobileHome: { "ui:widget": "radio" },
    delivery: { "ui:widget": "radio" },
    services: { "ui:widget": "checkboxes" },
    accountNumber: { "ui:widget": "masked" },
    notes: { "ui:widget": "textarea" },
  };
  return { name: "kitchen sink", schema, uiSchema, formData: { properties: [{}] } };
}

/** Answers that break one rule per field, for the error state. */
export const kitchenSinkInvalidAnswers: Answers = {
  applicant: { firstName: "Ana", dateOfBirth: "02/30/1990", email: "ana@", zip: "4620", lastFive: "12" },
  services: [],
  amount: 50,
  cardNumber: "4111111111111112",
  expiry: "01/20",
  cvv: "12",
  accountNumber: "12-34",
  properties: [{ share: 120 }],
  agree: false,
};

export type { FieldError };
