/** The demo service's applicant screen, answered (each resident gives a first name of their own). */
export const DEMO_APPLICANT = {
  lastName: "Quist",
  dateOfBirth: "04/15/1980",
  address1: "77 Lantern Row",
  city: "Cedarport",
  state: "IN",
  zip: "46201",
  phone: "(317) 555-0199",
  email: "o.quist@example.com",
};
