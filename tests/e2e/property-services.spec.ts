import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  CONTINUE,
  expectAnswers,
  expectReceipt,
  field,
  inContext,
  onScreen,
  open,
  press,
  question,
  type,
  typeDate,
  usDate,
} from "./resident";

/**
 * The property services of issue 13 (an assessment appeal, a change of mailing address, combining
 * parcels), each sent once as a resident would: typing and choosing by the labels of the page's
 * language, checking the answers, and reading what the confirmation promises. The appeal and the
 * combination run in English with JavaScript, the mailing address in Spanish without it (the
 * plain HTML forms). The parcels and owners are the recordings' (workflows/recordings/<service>/),
 * in the database the server seeds at start. Documents are "sent within 48 hours" here: uploading
 * them is uploads.spec.ts; every screen is audited with axe by workflow-screens.spec.ts.
 */

/**
 * With JavaScript, an address box suggests city addresses (a parcel number suggests its address):
 * the resident types the start of one and picks it from the list, which then closes.
 */
async function chooseAddress(page: Page, box: Locator, typed: string, address: string) {
  await box.fill(typed);
  await page.getByRole("option", { name: address, exact: true }).click();
  await expect(box).toHaveValue(address);
  await expect(page.getByRole("option")).toHaveCount(0);
}

/** One item of a repeated group ("Parcel to combine #2"), a fieldset named by its title. */
const item = (page: Page, title: string) => page.getByRole("group", { name: title, exact: true });

const MARKET_ST = "200 E Market St, Cedarport, IN 46204";
const HAWTHORN_TRL = "6705 Hawthorn Trl, Cedarport, IN 46236";
const TIMBER_RIDGE_CT = "5901 Timber Ridge Ct, Cedarport, IN 46226";
const E_46TH_ST = "4035 E 46th St, Cedarport, IN 46235";

test.describe("property services, as a resident sends them", () => {
  test("property appeal, in English with JavaScript: a certified tax representative, documents sent within 48 hours", async ({
    page,
  }) => {
    const lang = "en";
    // The Notice of Assessment came three weeks ago (the date can be no later than today).
    const noticeDay = usDate(-21);
    await open(page, "property-appeal", lang, true);

    await onScreen(page, "role", lang);
    await question(page, "I am")
      .getByLabel(/^An authorized representative of the owner/)
      .check();
    await press(page, CONTINUE.en);

    await onScreen(page, "representative", lang);
    await question(page, "How are you authorized to act for the owner?")
      .getByLabel("Certified tax representative")
      .check();
    await type(page, {
      "Your full name": "Alex Rivera",
      "Firm or organization": "Rivera Property Tax Consulting",
      "Your phone number": "(317) 555-0190",
      "Your email address": "alex.rivera@example.com",
    });
    await question(page, "How will you give us a copy of the Power of Attorney or the authorization?")
      .getByLabel(/^I will send it within 48 hours/)
      .check();
    await expect(page.getByRole("main")).toContainText("If you do not upload it: send it within 48 hours");
    await press(page, CONTINUE.en);

    await onScreen(page, "find-property", lang);
    await chooseAddress(page, field(page, "Property address or parcel number"), "200 E Market", MARKET_ST);
    await press(page, "Find the property");

    await onScreen(page, "confirm-property", lang);
    await question(page, "Property").getByLabel(`${MARKET_ST} (parcel 1000001)`).check();
    await press(page, CONTINUE.en);

    // The value on record, from the property records, next to the value the resident asks for.
    await onScreen(page, "values", lang);
    await expect(page.getByRole("main")).toContainText(
      `The Assessor's records show an assessed value of $184,300.00 for ${MARKET_ST} (parcel 1000001).`,
    );
    await type(page, { "The assessed value you believe is right": "165,000" });
    await typeDate(page, "Date on your Notice of Assessment", noticeDay, lang);
    await press(page, CONTINUE.en);

    await onScreen(page, "reason", lang);
    const reasons = question(page, "Reasons the value is wrong");
    await reasons.getByLabel("The value is higher than what the property would sell for").check();
    await reasons.getByLabel("A recent purchase price or appraisal was lower").check();
    await type(page, {
      "Explain in your own words":
        "The owner bought the house in March 2025 for $163,000 in an open-market sale. Two similar houses on the same block sold for $158,000 and $166,000 last year.",
    });
    await question(page, "Was the property bought or appraised in the last 3 years?")
      .getByLabel("Yes", { exact: true })
      .check();
    await press(page, CONTINUE.en);

    // A recent sale: the closing statement is asked for first.
    await onScreen(page, "evidence", lang);
    await expect(page.getByRole("main")).toContainText("Include the closing statement or the appraisal");
    const evidence = question(page, "Evidence you will send");
    await evidence.getByLabel("The closing statement of the purchase").check();
    await evidence.getByLabel("Sales of similar properties nearby").check();
    await type(page, {
      "Describe your evidence":
        "The closing statement of March 14, 2025, and the listings of 212 and 230 E Market St.",
    });
    await press(page, CONTINUE.en);

    await onScreen(page, "send-evidence", lang);
    await question(page, "How you will give it to us").getByLabel("By email", { exact: true }).check();
    await press(page, CONTINUE.en);

    await onScreen(page, "hearing", lang);
    await question(page, "How would you like to meet?").getByLabel("By phone").check();
    const days = question(page, "Days you can usually attend");
    await days.getByLabel("Tuesday").check();
    await days.getByLabel("Thursday").check();
    await question(page, "Times of day you can attend")
      .getByLabel(/^Morning/)
      .check();
    await type(page, { "Dates you cannot attend in the next 3 months": "July 6 to July 17." });
    await press(page, CONTINUE.en);

    await onScreen(page, "owner", lang);
    await type(page, {
      "Owner's name, as on the Notice of Assessment": "Maria Delgado",
      "Mailing address": "200 E Market St",
      City: "Cedarport",
      State: "IN",
      "ZIP code": "46204",
      "Phone number": "(317) 555-0142",
      "Email address": "maria.delgado@example.com",
    });
    await press(page, CONTINUE.en);

    await onScreen(page, "declaration", lang);
    await page.getByLabel(/^I affirm, under penalties of perjury/).check();
    await type(page, { "Full name of the person signing": "Alex Rivera" });
    await press(page, CONTINUE.en);

    await onScreen(page, "check-answers", lang);
    await expectAnswers(page, {
      "I am": /^An authorized representative of the owner/,
      "How are you authorized to act for the owner?": "Certified tax representative",
      "Your full name": "Alex Rivera",
      "Firm or organization": "Rivera Property Tax Consulting",
      "How will you give us a copy of the Power of Attorney or the authorization?":
        /^I will send it within 48 hours/,
      "Property address or parcel number": MARKET_ST,
      Property: `${MARKET_ST} (parcel 1000001)`,
      "The assessed value you believe is right": "$165,000.00",
      "Date on your Notice of Assessment": noticeDay,
      "Reasons the value is wrong":
        "The value is higher than what the property would sell for, A recent purchase price or appraisal was lower",
      "Was the property bought or appraised in the last 3 years?": "Yes",
      "Evidence you will send": "The closing statement of the purchase, Sales of similar properties nearby",
      "How you will give it to us": "By email",
      "How would you like to meet?": "By phone",
      "Days you can usually attend": "Tuesday, Thursday",
      "Owner's name, as on the Notice of Assessment": "Maria Delgado",
      "Email address": "maria.delgado@example.com",
      "Full name of the person signing": "Alex Rivera",
    });
    // The representative's documents are not uploaded: the 48 hours are said before sending.
    await expect(page.getByRole("main")).toContainText(
      "Without it, the appeal is denied 48 hours after it was sent.",
    );
    await press(page, "Accept and send");

    await onScreen(page, "confirmation", lang);
    await expectReceipt(page, "Appeal sent");
    await expect(page.locator(".cp-workflow__panel")).toContainText("Parcel number: 1000001");
    const main = page.getByRole("main");
    await expect(main).toContainText("We have sent a confirmation to maria.delgado@example.com.");
    await expect(main).toContainText("Send the representative's documents within 48 hours");
    await expect(main).toContainText(
      "Write your reference number on it. Without it, the appeal is denied 48 hours after it was sent.",
    );
    await expect(main).toContainText("Send your evidence");
  });

  test("change of mailing address, in Spanish without JavaScript: two properties, a representative, an address in Mexico", async ({
    browser,
  }) => {
    const lang = "es";
    await inContext(browser, false, async (page) => {
      await open(page, "change-mailing-address", lang, false);

      await onScreen(page, "role", lang);
      await question(page, "Soy")
        .getByLabel(/^Un representante autorizado del propietario/)
        .check();
      await press(page, CONTINUE.es);

      await onScreen(page, "representative", lang);
      await question(page, "Tipo de autorización").getByLabel("Poder notarial").check();
      await question(page, "¿Cómo nos hará llegar una copia del poder notarial o de la autorización?")
        .getByLabel(/^La enviaré dentro de 48 horas/)
        .check();
      await press(page, CONTINUE.es);

      // One property, then "Add another" posts the form and comes back with a second, empty one.
      await onScreen(page, "find-properties", lang);
      const first = item(page, "Dirección de la propiedad n.º 1");
      await type(first, { "Dirección o número de parcela": "6705 Hawthorn Trl" });
      await press(page, "Agregar otra propiedad");
      await onScreen(page, "find-properties", lang);
      await expect(field(first, "Dirección o número de parcela")).toHaveValue("6705 Hawthorn Trl");
      const second = item(page, "Dirección de la propiedad n.º 2");
      await type(second, { "Dirección o número de parcela": "49-03-16-000-423.000-301" });
      await press(page, "Buscar las propiedades");

      // Both found in the property records, with their owner.
      await onScreen(page, "address-location", lang);
      const found = page.getByRole("table", { name: "Las propiedades que encontramos" });
      await expect(found).toContainText("3000368");
      await expect(found).toContainText(HAWTHORN_TRL);
      await expect(found).toContainText("3000423");
      await expect(found).toContainText(TIMBER_RIDGE_CT);
      await expect(found).toContainText("Aisha Kaur");
      await question(page, "La nueva dirección postal está").getByLabel("En otro país").check();
      await press(page, CONTINUE.es);

      // A postal code with a character no country uses is refused, the other answers kept.
      await onScreen(page, "foreign-address", lang);
      await type(page, {
        "Dirección, línea 1": "Av. Chapultepec 480",
        "Dirección, línea 2": "Depto. 12, Col. Americana",
        "Ciudad o localidad": "Guadalajara",
        "Estado, provincia o región": "Jalisco",
        "Código postal": "44#160",
        País: "México",
      });
      await press(page, CONTINUE.es);
      await onScreen(page, "foreign-address", lang);
      await expect(page.getByRole("main")).toContainText("Por favor, ingrese un código postal válido.");
      await expect(field(page, "Ciudad o localidad")).toHaveValue("Guadalajara");
      await type(page, { "Código postal": "44160" });
      await press(page, CONTINUE.es);

      await onScreen(page, "contact", lang);
      await expect(page.getByRole("main")).toContainText(
        "Como representante, escriba sus propios datos, no los del propietario.",
      );
      await type(page, {
        "Su nombre completo": "Ravi Kaur",
        "Su número de teléfono": "(317) 555-0187",
        "Su correo electrónico": "ravi.kaur@example.com",
      });
      await press(page, CONTINUE.es);

      await onScreen(page, "check-answers", lang);
      await expectAnswers(page, {
        Soy: /^Un representante autorizado del propietario/,
        "Tipo de autorización": "Poder notarial",
        "Dirección de la propiedad n.º 1: Dirección o número de parcela": "6705 Hawthorn Trl",
        "Dirección de la propiedad n.º 2: Dirección o número de parcela": "49-03-16-000-423.000-301",
        "La nueva dirección postal está": "En otro país",
        "Dirección, línea 1": "Av. Chapultepec 480",
        "Ciudad o localidad": "Guadalajara",
        "Código postal": "44160",
        País: "México",
        "Su correo electrónico": "ravi.kaur@example.com",
      });
      const changing = page.getByRole("table", { name: "Las propiedades cuya dirección postal cambiará" });
      await expect(changing).toContainText("3000368");
      await expect(changing).toContainText("3000423");
      await expect(page.getByRole("main")).toContainText(
        "Sin ella, el cambio de dirección se deniega 48 horas después de enviada la solicitud.",
      );
      await page.getByLabel(/^Confirmo que soy el propietario de estas propiedades/).check();
      await press(page, "Aceptar y enviar");

      await onScreen(page, "confirmation", lang);
      await expectReceipt(page, "Cambio de dirección postal solicitado");
      await expect(page.locator(".cp-workflow__panel")).toContainText("Números de parcela: 3000368, 3000423");
      const main = page.getByRole("main");
      await expect(main).toContainText("Hemos enviado una confirmación a ravi.kaur@example.com.");
      const properties = page.getByRole("table", { name: "Las propiedades de su solicitud" });
      await expect(properties).toContainText(HAWTHORN_TRL);
      await expect(properties).toContainText(TIMBER_RIDGE_CT);
      await expect(main).toContainText("Envíe los documentos del representante dentro de 48 horas");
      await expect(main).toContainText(
        "Escriba en ella su número de referencia. Sin ella, el cambio de dirección se deniega 48 horas después de enviada la solicitud.",
      );
      await expect(main).toContainText("Un cambio tarda hasta 48 horas en aparecer.");
    });
  });

  test("combine parcels, in English with JavaScript: a parcel of another owner refused by name, then the right one", async ({
    page,
  }) => {
    const lang = "en";
    await open(page, "combine-parcels", lang, true);

    await onScreen(page, "role", lang);
    await question(page, "I am")
      .getByLabel(/^An owner of the parcels/)
      .check();
    await press(page, CONTINUE.en);

    await onScreen(page, "find-surviving", lang);
    await chooseAddress(
      page,
      field(page, "Address or parcel number of the surviving parcel"),
      "6705 Hawth",
      HAWTHORN_TRL,
    );
    await press(page, "Find the parcel");

    await onScreen(page, "confirm-surviving", lang);
    await question(page, "Surviving parcel")
      .getByLabel(`${HAWTHORN_TRL} (parcel 3000368), owned by Aisha Kaur`)
      .check();
    await press(page, CONTINUE.en);

    await onScreen(page, "parcels-to-combine", lang);
    await expect(page.getByRole("main")).toContainText(
      `They are joined to parcel 3000368, ${HAWTHORN_TRL}. Each must have the same owners: Aisha Kaur.`,
    );
    const box = (n: number) => field(item(page, `Parcel to combine #${n}`), "Address or parcel number");
    await chooseAddress(page, box(1), "5901 Timber", TIMBER_RIDGE_CT);
    // With JavaScript, "Add another" adds the second parcel in place.
    await press(page, "Add another parcel");
    await chooseAddress(page, box(2), "200 E Market", MARKET_ST);
    await press(page, CONTINUE.en);

    // Maria Delgado's parcel is refused, named, on its own box; the first parcel stands.
    await onScreen(page, "parcels-to-combine", lang);
    await expect(page).toHaveTitle(/^Error: /);
    const refusal =
      "Parcel 1000001 (200 E Market St, Cedarport, IN 46204) is owned by Maria Delgado. Only parcels with the same owners as parcel 3000368 (Aisha Kaur) can be combined.";
    await expect(item(page, "Parcel to combine #2")).toContainText(refusal);
    await expect(item(page, "Parcel to combine #1")).not.toContainText("is owned by");
    await expect(box(1)).toHaveValue(TIMBER_RIDGE_CT);
    // The right one, by its parcel number: the box suggests its address.
    await chooseAddress(page, box(2), "3000643", E_46TH_ST);
    await press(page, CONTINUE.en);

    await onScreen(page, "contiguity", lang);
    const joined = page.getByRole("table", { name: "The parcels to join to it" });
    await expect(joined).toContainText("3000423");
    await expect(joined).toContainText("3000643");
    await question(
      page,
      "Does each parcel you want to join touch the surviving parcel, or another of the parcels you want to join?",
    )
      .getByLabel("Yes, they all touch")
      .check();
    await press(page, CONTINUE.en);

    await onScreen(page, "instrument", lang);
    await type(page, { "Instrument number": "2016-0048213" });
    await press(page, CONTINUE.en);

    await onScreen(page, "mobile-home", lang);
    await question(page, "Is there a mobile home on any of the parcels?")
      .getByLabel("No", { exact: true })
      .check();
    await press(page, CONTINUE.en);

    await onScreen(page, "reason", lang);
    const reasons = question(page, "Reasons");
    await reasons.getByLabel("To get one tax bill instead of several").check();
    await reasons.getByLabel(/^The parcels are used as one property/).check();
    await type(page, {
      "Anything else the Auditor should know":
        "The two lots behind and beside the house are our yard and garden. We would like one tax bill for the whole property.",
    });
    await press(page, CONTINUE.en);

    // The owners' names come from the surviving parcel's record.
    await onScreen(page, "contact", lang);
    await expect(field(page, "Owners' names, as on the tax bill")).toHaveValue("Aisha Kaur");
    await type(page, { "Phone number": "(317) 555-0163", "Email address": "aisha.kaur@example.com" });
    await press(page, CONTINUE.en);

    await onScreen(page, "check-answers", lang);
    await expectAnswers(page, {
      "I am": /^An owner of the parcels/,
      "Address or parcel number of the surviving parcel": HAWTHORN_TRL,
      "Surviving parcel": `${HAWTHORN_TRL} (parcel 3000368), owned by Aisha Kaur`,
      "Parcel to combine #1: Address or parcel number": TIMBER_RIDGE_CT,
      "Parcel to combine #2: Address or parcel number": E_46TH_ST,
      "Does each parcel you want to join touch the surviving parcel, or another of the parcels you want to join?":
        "Yes, they all touch",
      "Instrument number": "2016-0048213",
      "Is there a mobile home on any of the parcels?": "No",
      Reasons: /^To get one tax bill instead of several, The parcels are used as one property/,
      "Owners' names, as on the tax bill": "Aisha Kaur",
      "Email address": "aisha.kaur@example.com",
    });
    const toJoin = page.getByRole("table", { name: "The parcels to join to it" });
    await expect(toJoin).toContainText(TIMBER_RIDGE_CT);
    await expect(toJoin).toContainText(E_46TH_ST);
    await page.getByLabel(/^I am an owner of all these parcels/).check();
    await press(page, "Accept and send");

    await onScreen(page, "confirmation", lang);
    await expectReceipt(page, "Request sent");
    await expect(page.locator(".cp-workflow__panel")).toContainText("Parcel number: 3000368");
    const main = page.getByRole("main");
    await expect(main).toContainText(
      `The surviving parcel is 3000368, ${HAWTHORN_TRL}. We have sent a confirmation to aisha.kaur@example.com.`,
    );
    const combined = page.getByRole("table", { name: "The parcels to join to the surviving parcel" });
    await expect(combined).toContainText("3000423");
    await expect(combined).toContainText("3000643");
    await expect(main).toContainText("usually within 30 days");
    // An owner sends no representative's documents: no 48-hour warning.
    await expect(main).not.toContainText("within 48 hours");
  });
});
