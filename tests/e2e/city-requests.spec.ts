import { expect, type Page, test } from "@playwright/test";
import { openDatabase } from "../../src/db/database";
import { onOneCityDay } from "./city-day";
import {
  CONTINUE,
  expectAnswers,
  expectReceipt,
  field,
  inContext,
  type Lang,
  longDate,
  onScreen,
  open,
  press,
  question,
  type,
  usDate,
} from "./resident";

/**
 * The city requests of issue 14 (public records, the Mayor's office, Contact the Mayor, police
 * vacation checks, traffic complaints), each sent once as a resident would: typing and choosing
 * in the form by the labels of the page's language, checking the answers, and reading the
 * confirmation's promise. The services take turns in English and Spanish, and every other one
 * runs without JavaScript (the plain HTML forms). Answers come from each service's recordings
 * (workflows/recordings/<service>/), with their dates moved to count from today in Cedarport.
 * Every screen is audited with axe by workflow-screens.spec.ts, so none is audited here. The
 * bid packet's journey is in bids.spec.ts. The resident's moves are shared: resident.ts.
 */

/** The police services' notice, on every screen: prominent (a warning near the top) and named. */
async function expectEmergencyNotice(page: Page, lang: Lang) {
  const notice = page.getByRole("region", {
    name:
      lang === "es" ? "Si se trata de una emergencia, llame al 911." : "If this is an emergency, call 911.",
  });
  await expect(notice).toBeVisible();
  await expect(notice).toHaveClass(/usa-alert--warning/);
}

// ── The journeys ─────────────────────────────────────────────────────────────────────────────

test.describe("city requests, as a resident sends them", () => {
  test("public records request, in English with JavaScript: a crash report to pick up", async ({ page }) => {
    // The confirmation gives the day the server sent the request, compared with the city's today
    // as the test reads it.
    await onOneCityDay();
    const lang = "en";
    const service = "public-records-request";
    // The crash happened twelve days ago (the records can be from no later than today).
    const crashDay = usDate(-12);
    await open(page, service, lang, true);

    await onScreen(page, "agency", lang);
    await question(page, "Agency").getByLabel("Cedarport Police Department").check();
    await press(page, CONTINUE.en);

    await onScreen(page, "record-type", lang);
    // The types are the police department's: no permits nor property records.
    await expect(page.getByLabel("Permit or inspection record")).toHaveCount(0);
    await page.getByLabel("Police report, such as an incident, crash or arrest report").check();
    await press(page, CONTINUE.en);

    await onScreen(page, "records", lang);
    // What the agency chosen two screens back keeps (a text picked by that answer).
    const keeps = page.getByRole("main").getByText(/^The Cedarport Police Department keeps incident, crash/);
    await expect(keeps).toBeVisible();
    await expect(
      page.getByRole("main").getByRole("link", { name: "request a copy of a police report" }),
    ).toHaveAttribute("href", "/activity/request-a-copy-of-a-police-report");
    await type(page, {
      "Which records do you want?":
        "The crash report for the collision at N. Harbor Street and W. 10th Street, between a blue pickup and my car, a silver Honda Civic.",
      "Case number": "CPD-2026-018844",
      "Records from (first date)": crashDay,
      "Records to (last date)": crashDay,
    });
    await press(page, CONTINUE.en);

    await onScreen(page, "delivery", lang);
    await question(page, "Delivery method").getByLabel("Pick-up Copies").check();
    await press(page, CONTINUE.en);

    await onScreen(page, "contact", lang);
    await type(page, {
      "Your full name": "Jordan Ellis",
      "Email address": "jordan.ellis@example.com",
      "Phone number": "(317) 555-0142",
    });
    await press(page, CONTINUE.en);

    await onScreen(page, "check-answers", lang);
    await expectAnswers(page, {
      Agency: "Cedarport Police Department",
      "Type of record": "Police report",
      "Case number": "CPD-2026-018844",
      "Records from (first date)": crashDay,
      "Records to (last date)": crashDay,
      "Delivery method": "Pick-up Copies",
      "Your full name": "Jordan Ellis",
      "Email address": "jordan.ellis@example.com",
    });
    await press(page, "Accept and send");

    await onScreen(page, "confirmation", lang);
    await expectReceipt(page, "Request sent");
    const main = page.getByRole("main");
    await expect(main).toContainText("We have sent a confirmation to jordan.ellis@example.com.");
    // The seven-day promise, with the day it ends.
    await expect(main).toContainText(
      `You sent your request on ${longDate(0, lang)}. We respond by ${longDate(7, lang)}, within seven days`,
    );
    await expect(main).toContainText("Where to pick up or inspect the records");
    await expect(main).toContainText("Cedarport Police Department");
  });

  test("Mayor's office, in Spanish without JavaScript: a proclamation presented at the event, three weeks ahead", async ({
    browser,
  }) => {
    const lang = "es";
    const service = "mayors-office-request";
    const eventDay = usDate(35);
    await inContext(browser, false, async (page) => {
      await open(page, service, lang, false);

      await onScreen(page, "request-type", lang);
      await expect(page.getByRole("main")).toContainText("Calcule unas tres semanas");
      await page.getByLabel(/^Una proclamación/).check();
      await question(page, "¿La solicitud es para una campaña política")
        .getByLabel("No", { exact: true })
        .check();
      await press(page, CONTINUE.es);

      await onScreen(page, "document", lang);
      // What a proclamation needs, for the type chosen on the screen before.
      await expect(page.getByRole("main")).toContainText(
        "Una proclamación necesita el día o la semana que se declara",
      );
      await question(page, "¿A quién o qué se reconoce?").getByLabel("Un evento o una causa").check();
      await type(page, {
        "Nombre que debe aparecer en el documento": "Semana de Adopción de Mascotas de Refugio",
        "¿Cuál es la ocasión?": "Semana de Adopción de Mascotas de Refugio",
        "¿Qué vínculo tiene con Cedarport?":
          "La organizan el refugio Cedarport Animal Care y 12 grupos de rescate locales",
        "¿Qué debe mencionar el documento?":
          "Más de 9.000 animales llegaron a los refugios de Cedarport el año pasado. Queremos agradecer a las familias de acogida.",
        // Two weeks is too soon: the page says from which day it can be.
        "Fecha en que lo necesita": usDate(14),
      });
      await question(page, "¿Cómo quiere recibirlo?")
        .getByLabel(/^Que lo entreguen en el evento/)
        .check();
      await press(page, CONTINUE.es);
      await onScreen(page, "document", lang);
      await expect(page.getByRole("main")).toContainText(
        `La fecha debe ser igual o posterior al ${usDate(21)}.`,
      );
      await expect(field(page, "Nombre que debe aparecer en el documento")).toHaveValue(
        "Semana de Adopción de Mascotas de Refugio",
      );
      await type(page, { "Fecha en que lo necesita": eventDay });
      await press(page, CONTINUE.es);

      await onScreen(page, "event", lang);
      await type(page, {
        "Nombre del evento": "Inicio de la Semana de Adopción",
        "Fecha del evento": eventDay,
        "Hora de inicio": "10:00 AM",
        "Hora de fin": "1:00 PM",
        "Nombre del lugar": "Campus de Cedarport Animal Care",
        "¿Cuántas personas espera?": "150",
        "Cuéntenos sobre el evento": "Feria de adopción con 12 grupos de rescate, abierta al público.",
        "Persona de contacto el día del evento": "Priya Raman",
        "Su número de teléfono el día del evento": "(317) 555-0131",
      });
      await type(page, {
        Dirección: "2600 S Harding St",
        Ciudad: "Cedarport",
        Estado: "IN",
        "Código postal": "46221",
      });
      await press(page, CONTINUE.es);

      await onScreen(page, "contact", lang);
      await type(page, {
        "Su nombre completo": "Priya Raman",
        "Organización que representa": "Amigos de Cedarport Animal Care",
        "Su número de teléfono": "(317) 555-0131",
        "Su correo electrónico": "priya.raman@example.org",
      });
      await press(page, CONTINUE.es);

      await onScreen(page, "check-answers", lang);
      await expectAnswers(page, {
        Quisiera: /^Una proclamación/,
        "¿A quién o qué se reconoce?": "Un evento o una causa",
        "Nombre que debe aparecer en el documento": "Semana de Adopción de Mascotas de Refugio",
        "Fecha en que lo necesita": eventDay,
        "¿Cómo quiere recibirlo?": /^Que lo entreguen en el evento/,
        "Nombre del evento": "Inicio de la Semana de Adopción",
        "Hora de inicio": "10:00 AM",
        "Su correo electrónico": "priya.raman@example.org",
      });
      await press(page, "Aceptar y enviar");

      await onScreen(page, "confirmation", lang);
      await expectReceipt(page, "Solicitud enviada");
      const main = page.getByRole("main");
      await expect(main).toContainText("Hemos enviado una confirmación a priya.raman@example.org.");
      await expect(main).toContainText("El documento tarda unas tres semanas.");
      await expect(main).toContainText(
        "Al menos una semana antes del evento, le avisamos si lo entregará la Alcaldesa o alguien de su equipo.",
      );
    });
  });

  test("Contact the Mayor, in English with JavaScript: a message answered by phone", async ({ page }) => {
    const lang = "en";
    await open(page, "contact-the-mayor", lang, true);

    await onScreen(page, "topic", lang);
    // The spec's topic categories, and the way to emergencies and repairs first.
    await expect(question(page, "Topic").getByRole("radio")).toHaveCount(9);
    await expect(page.getByRole("main")).toContainText("In an emergency, call 911.");
    await page.getByLabel("Housing and neighborhoods").check();
    await press(page, CONTINUE.en);

    await onScreen(page, "message", lang);
    await type(page, {
      Subject: "Abandoned house on my block",
      Message:
        "The empty house next to mine has had broken windows and trash in the yard for months. I called 311 and nothing has changed.",
      "Address or place your message is about": "Rural Street, near 25th Street",
      "Reference or tracking number of an earlier report": "311-2026-048812",
    });
    await press(page, CONTINUE.en);

    await onScreen(page, "reply", lang);
    await page.getByLabel("Yes, by phone").check();
    await press(page, CONTINUE.en);

    await onScreen(page, "contact", lang);
    await type(page, {
      "Your full name": "Rosa María Gutiérrez",
      "Your email address": "rosa.gutierrez@example.com",
      "Your ZIP code": "46218",
    });
    await press(page, CONTINUE.en);

    await onScreen(page, "phone", lang);
    await type(page, { "Phone number": "(317) 555-0126" });
    await question(page, "Best time to call").getByLabel("Afternoon").check();
    await press(page, CONTINUE.en);

    await onScreen(page, "check-answers", lang);
    await expectAnswers(page, {
      Topic: "Housing and neighborhoods",
      Subject: "Abandoned house on my block",
      Message: "broken windows and trash in the yard",
      "Reference or tracking number of an earlier report": "311-2026-048812",
      Reply: "Yes, by phone",
      "Your full name": "Rosa María Gutiérrez",
      "Phone number": "(317) 555-0126",
      "Best time to call": "Afternoon",
    });
    // If sending fails, the page has already said where else to send it.
    await expect(page.getByRole("main")).toContainText("If your message will not send");
    await press(page, "Send message");

    await onScreen(page, "confirmation", lang);
    await expectReceipt(page, "Message sent");
    const main = page.getByRole("main");
    await expect(main).toContainText("We have sent a confirmation to rosa.gutierrez@example.com.");
    await expect(main).toContainText("We call you at (317) 555-0126 within five business days");
  });

  test("police vacation check, in Spanish without JavaScript: a house with two cars, the 911 notice on every screen", async ({
    browser,
  }) => {
    const lang = "es";
    const service = "police-vacation-check";
    // Away from ten days from now, for two weeks (3 to 30 nights, leaving within 90 days).
    const [leave, back] = [usDate(10), usDate(24)];
    await inContext(browser, false, async (page) => {
      await open(page, service, lang, false);
      const next = async (screen: string) => {
        await onScreen(page, screen, lang);
        await expectEmergencyNotice(page, lang);
      };

      await next("home");
      await press(page, CONTINUE.es);
      // Nothing chosen: the page asks again, with the notice still there.
      await next("home");
      await expect(page.getByRole("main")).toContainText("Por favor, seleccione un valor.");
      await page.getByLabel("Una casa", { exact: true }).check();
      await press(page, CONTINUE.es);

      await next("find-home");
      await type(page, { "Dirección de la vivienda": "1418 N Cedar Ave" });
      await press(page, "Buscar la dirección");

      await next("confirm-home");
      await page.getByLabel("1418 N Cedar Ave, Cedarport, IN 46202").check();
      await press(page, CONTINUE.es);

      await next("dates");
      await type(page, { "El día en que sale": leave, "El día en que regresa": back });
      await press(page, CONTINUE.es);

      await next("home-details");
      await question(page, "¿Se quedará algún vehículo en la vivienda?").getByLabel("Sí").check();
      await question(page, "¿Tiene la vivienda una alarma de seguridad?").getByLabel("Sí").check();
      await question(page, "¿Habrá luces con temporizador?").getByLabel("Sí").check();
      await question(page, "¿Se quedará alguna mascota en la vivienda?").getByLabel("No").check();
      await type(page, {
        "Personas que irán a la vivienda mientras usted no está":
          "Nuestra vecina Ruth Adams recoge el correo y los paquetes cada tarde hacia las 6.",
      });
      await press(page, CONTINUE.es);

      await next("vehicles");
      const vehicle = page.getByRole("group", { name: "Vehículo 1", exact: true });
      await type(vehicle, { "Color, marca y modelo": "Toyota Camry plateado", Placa: "482KTB" });
      await vehicle.getByLabel("En la entrada").check();
      // Without JavaScript "Add another" posts the form and comes back with a second, empty vehicle.
      await press(page, "Agregar otro vehículo");
      await next("vehicles");
      const second = page.getByRole("group", { name: "Vehículo 2", exact: true });
      await expect(field(vehicle, "Placa")).toHaveValue("482KTB");
      await type(second, { "Color, marca y modelo": "Ford F-150 azul", Placa: "719RMX" });
      await second.getByLabel("En la entrada").check();
      await press(page, CONTINUE.es);

      await next("key-holder");
      await type(page, {
        "Nombre completo de quien tiene la llave": "Ruth Adams",
        "Teléfono de quien tiene la llave": "(317) 555-0166",
      });
      await press(page, CONTINUE.es);

      // The key holder is filled in as the emergency contact; the resident names someone else.
      await next("emergency-contact");
      await expect(field(page, "Nombre completo del contacto de emergencia")).toHaveValue("Ruth Adams");
      await type(page, {
        "Nombre completo del contacto de emergencia": "Daniel Okafor",
        "Teléfono del contacto de emergencia": "(317) 555-0183",
        "Qué relación tiene con usted": "Hijo",
      });
      await press(page, CONTINUE.es);

      await next("contact");
      await type(page, {
        "Su nombre completo": "Grace Okafor",
        "Un teléfono donde podamos localizarlo durante su viaje": "(317) 555-0129",
        "Su correo electrónico": "grace.okafor@example.com",
      });
      await press(page, CONTINUE.es);

      await next("check-answers");
      await expectAnswers(page, {
        "La vivienda es": "Una casa",
        "Vivienda que se revisará": "1418 N Cedar Ave, Cedarport, IN 46202",
        "El día en que sale": leave,
        "El día en que regresa": back,
        "Nombre completo de quien tiene la llave": "Ruth Adams",
        "Nombre completo del contacto de emergencia": "Daniel Okafor",
        "Su correo electrónico": "grace.okafor@example.com",
      });
      await expect(page.getByRole("main")).toContainText("Toyota Camry plateado");
      await page.getByLabel(/^Doy permiso a los agentes y voluntarios/).check();
      await press(page, "Enviar la solicitud");

      await next("confirmation");
      await expectReceipt(page, "Revisión de vacaciones solicitada");
      const main = page.getByRole("main");
      await expect(main).toContainText("Hemos enviado una confirmación a grace.okafor@example.com.");
      await expect(main).toContainText(
        `Los agentes y voluntarios revisan el exterior de 1418 N Cedar Ave, Cedarport, IN 46202 del ${leave} al ${back}`,
      );
      await expect(main).toContainText("o a Daniel Okafor si no pueden comunicarse con usted");
    });
  });

  test("traffic complaint, in English with JavaScript: drivers rolling through a stop sign", async ({
    page,
  }) => {
    const lang = "en";
    await open(page, "traffic-complaint", lang, true);
    const next = async (screen: string) => {
      await onScreen(page, screen, lang);
      await expectEmergencyNotice(page, lang);
    };

    await next("complaint-type");
    // The spec's five types.
    await expect(question(page, "Type of problem").getByRole("radio")).toHaveCount(5);
    await page.getByLabel(/^Stop Sign/).check();
    await press(page, CONTINUE.en);

    await next("location");
    await page.getByLabel("On a street, at or near a cross street").check();
    await press(page, CONTINUE.en);

    await next("intersection");
    await type(page, {
      "Street where it happens": "N Cedar Ave",
      "Nearest cross street": "E 16th St",
      "Direction of travel, or side of the street": "Drivers going south on Cedar",
    });
    await press(page, CONTINUE.en);

    await next("when");
    const days = question(page, "Days of the week");
    for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"])
      await days.getByLabel(day).check();
    const times = question(page, "Times of day");
    await times.getByLabel(/^Morning/).check();
    await times.getByLabel(/^Afternoon/).check();
    await press(page, CONTINUE.en);

    await next("details");
    await type(page, {
      "What happens":
        "Most drivers going south roll through the stop sign without stopping, above all between 7 and 8:30 in the morning. Children cross here to walk to the bus stop.",
    });
    await press(page, CONTINUE.en);

    await next("reply");
    await page.getByLabel("Yes, I will give my name and email").check();
    await press(page, CONTINUE.en);

    await next("contact");
    await type(page, {
      "Your full name": "Grace Okafor",
      "Your email address": "grace.okafor@example.com",
      "Your phone number": "(317) 555-0129",
    });
    await press(page, CONTINUE.en);

    await next("check-answers");
    await expectAnswers(page, {
      "Type of problem": /^Stop Sign/,
      "Street where it happens": "N Cedar Ave",
      "Nearest cross street": "E 16th St",
      "Days of the week": /Monday.*Friday/,
      "Times of day": /^Morning.*Afternoon/,
      "What happens": "roll through the stop sign",
      "Your email address": "grace.okafor@example.com",
    });
    await press(page, "Send the report");

    await next("confirmation");
    await expectReceipt(page, "Traffic complaint sent");
    const main = page.getByRole("main");
    await expect(main).toContainText("We have sent a confirmation to grace.okafor@example.com.");
    await expect(main).toContainText("reviews each report within 5 business days");
    await expect(main).toContainText("we email you at grace.okafor@example.com what officers will do");
    // The service's dashboard counts this sending with the journeys that ran with JavaScript.
    const db = await openDatabase({ url: process.env.DATABASE_URL, file: "data/e2e/cedarport.sqlite" });
    try {
      const sent = await db.all<{ js: number }>(
        "SELECT js FROM completion_times WHERE workflow = 'traffic-complaint'",
      );
      expect(sent.map((row) => Number(row.js))).toContain(1);
    } finally {
      await db.close();
    }
  });
});
