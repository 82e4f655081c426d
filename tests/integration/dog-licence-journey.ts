import { cityDaysAgo, clearOfCityMidnight } from "../city-clock";
import { type HttpResident, type Page, postForm } from "./http-resident";

/**
 * The demo dog licence (workflows/demo-dog-licence.json) answered without JavaScript, screen by
 * screen, up to "check your answers". Each request goes to the next of `bases` in turn, as a load
 * balancer might send them: the journey must carry over from one web process to another.
 */
export const SERVICE = "/workflow/demo-dog-licence";

export const DATE_OF_BIRTH = "04/15/1980";

function screens(now = new Date()): [screen: string, fields: [string, string][]][] {
  return [
    ["residency", [["root_livesInCedarport", "true"]]],
    [
      "applicant",
      [
        ["root_firstName", "Maria"],
        ["root_lastName", "Lopez"],
        ["root_dateOfBirth", DATE_OF_BIRTH],
        ["root_address1", "120 Harbor Street"],
        ["root_city", "Cedarport"],
        ["root_state", "IN"],
        ["root_zip", "46201"],
        ["root_phone", "(317) 555-0142"],
        ["root_email", "maria.lopez@example.com"],
      ],
    ],
    [
      "dogs",
      [
        ["root_0_name", "Biscuit"],
        ["root_0_breed", "Beagle"],
        ["root_0_sex", "male"],
        ["root_0_dateOfBirth", "05/10/2021"],
        ["root_0_neutered", "true"],
        ["root_0_rabiesVaccinated", cityDaysAgo(30, now)],
      ],
    ],
    ["donation", [["root_amount", ""]]],
    [
      "declaration",
      [
        ["root_agree", "true"],
        ["root_signedBy", "Maria Lopez"],
        ["root_signedOn", cityDaysAgo(0, now)],
      ],
    ],
  ];
}

/**
 * Starts a journey (whether the service starts it on the first GET or on a POST) and answers it.
 * The declaration is signed "today", which the service checks again when the caller sends the
 * application just after: within 30 s of the city's midnight, this waits until just past it.
 */
export async function answerUpToCheckAnswers(resident: HttpResident, bases: string[]): Promise<Page> {
  await clearOfCityMidnight(30_000);
  let turn = 0;
  const next = () => bases[turn++ % bases.length]!;
  let page = await resident.get(next(), SERVICE);
  // A start page (a journey made only when the resident acts): press its button.
  if (!page.url.startsWith(`${SERVICE}/`)) {
    const form = postForm(page, SERVICE);
    const base = next();
    page = await resident.follow(
      base,
      await resident.post(base, form, form.buttons.slice(0, 1)),
      form.action,
    );
  }
  for (const [screen, fields] of screens()) {
    if (page.url !== `${SERVICE}/${screen}`)
      throw new Error(`expected ${screen}, got ${page.url} (${page.status})`);
    const form = postForm(page, SERVICE);
    const base = next();
    const response = await resident.post(base, form, [...fields, ["_intent", "continue"]]);
    page = await resident.follow(base, response, form.action);
  }
  if (page.url !== `${SERVICE}/check-answers`)
    throw new Error(`expected check-answers, got ${page.url} (${page.status})`);
  return page;
}
