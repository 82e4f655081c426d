/**
 * The RJSF theme: USWDS markup for every template and widget. Widgets are also registered under
 * the catalogue's format names, so `"format": "us-date"` alone gives the date widget; a uiSchema
 * can name any of them with "ui:widget" (e.g. "masked", "currency", "radio", "checkboxes").
 */
import type { RegistryWidgetsType, TemplatesType } from "@rjsf/utils";
import { MEMORABLE_DATE_WIDGET } from "./date-parts";
import { ArrayFieldItemTemplate, ArrayFieldTemplate } from "./templates/ArrayFieldTemplate";
import { BaseInputTemplate } from "./templates/BaseInputTemplate";
import { FieldTemplate } from "./templates/FieldTemplate";
import {
  ButtonTemplates,
  DescriptionFieldTemplate,
  ErrorListTemplate,
  TitleFieldTemplate,
} from "./templates/misc-templates";
import { ObjectFieldTemplate } from "./templates/ObjectFieldTemplate";
import { AddressWidget } from "./widgets/address-widget";
import { CheckboxesWidget, CheckboxWidget, RadioWidget, SelectWidget } from "./widgets/choice-widgets";
import { MemorableDateWidget } from "./widgets/memorable-date";
import {
  CardCvvWidget,
  CardExpiryWidget,
  CardNumberWidget,
  CurrencyWidget,
  DateWidget,
  DigitsWidget,
  EmailWidget,
  HiddenWidget,
  MaskedWidget,
  PhoneWidget,
  TextareaWidget,
  TextWidget,
  ZipWidget,
} from "./widgets/text-widgets";

export const cityTemplates = {
  FieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ArrayFieldTitleTemplate: ({ title }) => (title ? <legend className="usa-legend">{title}</legend> : null),
  ArrayFieldDescriptionTemplate: ({ description }) =>
    description ? <div className="usa-hint">{description}</div> : null,
  BaseInputTemplate,
  ErrorListTemplate,
  TitleFieldTemplate,
  DescriptionFieldTemplate,
  ButtonTemplates,
} satisfies Partial<TemplatesType>;

export const cityWidgets: RegistryWidgetsType = {
  // RJSF's names, used by its defaults and "ui:widget" aliases.
  TextWidget,
  EmailWidget,
  TextareaWidget,
  SelectWidget,
  RadioWidget,
  CheckboxWidget,
  CheckboxesWidget,
  HiddenWidget,
  UpDownWidget: TextWidget,
  DateWidget,
  PasswordWidget: MaskedWidget,
  // The catalogue's formats and the theme's own widgets.
  "us-date": DateWidget,
  // "2:30 PM" needs letters, so the ordinary keyboard; the hint comes from field-kind.ts.
  "time-of-day": TextWidget,
  email: EmailWidget,
  phone: PhoneWidget,
  "us-phone": PhoneWidget,
  zip: ZipWidget,
  "us-zip": ZipWidget,
  currency: CurrencyWidget,
  cents: CurrencyWidget,
  "card-number": CardNumberWidget,
  "card-expiry": CardExpiryWidget,
  "card-cvv": CardCvvWidget,
  "routing-number": DigitsWidget,
  "last-five-digits": DigitsWidget,
  masked: MaskedWidget,
  [MEMORABLE_DATE_WIDGET]: MemorableDateWidget,
  // A city address with suggestions (the lookups' combobox).
  address: AddressWidget,
};

export const cityTheme = { templates: cityTemplates, widgets: cityWidgets };
