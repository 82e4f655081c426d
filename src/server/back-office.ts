/**
 * The county's back-office systems as the workflow engine calls them (a screen's `call` names the
 * integration and the operation): property records, to find the resident's parcel, and deduction
 * applications, to open a case when an application is sent and to look up where it stands.
 *
 *   property-records.find          { query, owners?, cityLimits? } → { parcels: [{ parcelNumber, stateParcelNumber, address, mobileHome, assessedValue, owners, mailingAddress }] }
 *                                  (assessedValue: the total assessed value on record, in cents)
 *                                  (mailingAddress: the owner's mailing address on record, on one line)
 *                                  (owners: true lets a query without digits find an owner's parcels too)
 *                                  (cityLimits: true keeps to parcels within the city limits, and
 *                                  refuses anything else as outside them: a city service's address)
 *   property-records.find-each     { items: [{ query }], ownersOf? } → { parcels: [...], count, parcelNumbers }
 *                                  (each query names exactly one parcel, no parcel twice; with
 *                                  ownersOf, a parcel number, each must have that parcel's owners
 *                                  and not be it: the parcels to combine into a surviving one;
 *                                  parcelNumbers: "1000001, 1000002", for the confirmation)
 *   property-records.school-district { query } → { query, matches: [{ address, parcelNumber, district, districtPhone,
 *                                  districtWebsite, districtAddress, taxingDistrict, township }], more }
 *                                  (one row for a parcel number or a full address; up to 10 for a
 *                                  street or the start of an address, `more` when there are others)
 *   deduction-applications.create  { reference, requestId, deduction, parcelNumber, firstName, middleName?, lastName }
 *                                               → { reference, status }
 *   deduction-applications.search  { query }   → { query, applications: [{ deduction, status, applicant, dateApplied }] }
 *
 * `query` is what the resident typed in one box: a parcel number in any common format, an address,
 * or (search only) a reference number. What cannot be searched is refused on the screen's `query`
 * field, in the resident's language, like a validation message.
 */
import type { Database } from "../db/database";
import type { Locale } from "../domain/localize";
import { textFor } from "../i18n";
import {
  type Application,
  createDeductionApplications,
  type DeductionApplications,
  isDeductionKind,
  maskApplicantName,
  seedDeductionApplications,
} from "../integrations/deduction-applications";
import {
  createPropertyRecords,
  normalizeParcelNumber,
  oneLineMailingAddress,
  type Parcel,
  type PropertyRecords,
  schoolDistrictOf,
  seedPropertyRecords,
} from "../integrations/property-records";
import { IntegrationRefusal, type Integrations } from "../workflow/integrations";
import { normalizeReference } from "../workflow/reference";

type Call = Integrations["call"];

/** The field of the lookup screen that problems are shown on. */
const QUERY_FIELD = "/query";

/** How many parcels an address search offers to choose from. */
const ADDRESS_MATCHES = 10;
/** How many an owner's name does: an owner may hold many (a landlord, a company). */
const OWNER_MATCHES = 25;

/** A text of locales/<lang>/deductions.json, in `locale` or else in English. */
function message(key: string, locale: Locale, values: Record<string, string> = {}): string {
  return textFor(locale, "deductions")(key, values);
}

interface Problem {
  key: string;
  keyword: string;
  values?: Record<string, string>;
}

/** A reason a query cannot be used, shown on its field; thrown by `findOne`, caught by `find-each`. */
class QueryProblem extends Error {
  constructor(readonly problem: Problem) {
    super(problem.key);
  }
}

function refuse(key: string, keyword: string, locale: Locale, values?: Record<string, string>): never {
  throw new IntegrationRefusal([{ path: QUERY_FIELD, message: message(key, locale, values), keyword }]);
}

function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

/** Only digits and the separators parcel numbers are written with: the resident meant a parcel number. */
function looksLikeParcelNumber(query: string): boolean {
  return /^[\d\s.\-\u2010-\u2015\u2212]+$/.test(query);
}

/** Two groups of four letters or digits, together or split by one space or dash: a reference. */
function looksLikeReference(query: string): boolean {
  return /^[A-Za-z0-9]{4}[\s-]?[A-Za-z0-9]{4}$/.test(query) && /[A-Za-z]/.test(query);
}

export function oneLineAddress(parcel: Pick<Parcel, "address">): string {
  const { line1, city, state, zip } = parcel.address;
  return `${line1}, ${city}, ${state} ${zip}`;
}

/** Owners as the county's record lists them, in one line ("James Okafor; Grace Okafor"). */
const ownersLine = (parcel: Parcel) => parcel.owners.join("; ");

/** The same owners, whatever the order or case the record lists them in. */
const ownersKey = (parcel: Parcel) =>
  parcel.owners
    .map((o) => o.trim().toLocaleLowerCase("en-US"))
    .sort()
    .join("\n");

function parcelChoice(parcel: Parcel) {
  return {
    parcelNumber: parcel.parcelNumber,
    stateParcelNumber: parcel.stateParcelNumber,
    address: oneLineAddress(parcel),
    mobileHome: parcel.mobileHome,
    // Public on the county's record; the assessment appeal shows it next to the value asked for.
    assessedValue: parcel.assessedValueCents,
    // Public too (property search by owner); parcel combine shows them to compare.
    owners: ownersLine(parcel),
    // Public as well (the county's record card); the mailing address change shows where letters go now.
    mailingAddress: oneLineMailingAddress(parcel.mailingAddress),
  };
}

/** The parcel a parcel number names, in any common format; a QueryProblem when none does. */
async function parcelByNumber(records: PropertyRecords, query: string): Promise<Parcel> {
  const parcelNumber = normalizeParcelNumber(query);
  if (!parcelNumber) throw new QueryProblem({ key: "lookup.parcelFormat", keyword: "format" });
  const parcel = await records.findByParcelNumber(parcelNumber);
  if (!parcel)
    throw new QueryProblem({ key: "lookup.noParcel", keyword: "lookup", values: { parcel: parcelNumber } });
  return parcel;
}

/**
 * The one parcel a query names: a parcel number, or an address that matches a single parcel.
 * Throws a QueryProblem otherwise.
 */
async function findOne(records: PropertyRecords, query: string): Promise<Parcel> {
  if (query === "") throw new QueryProblem({ key: "lookup.noAddress", keyword: "lookup" });
  if (looksLikeParcelNumber(query)) return parcelByNumber(records, query);
  const [parcel, another] = await records.searchByAddress(query, 2);
  if (!parcel) throw new QueryProblem({ key: "lookup.noAddress", keyword: "lookup" });
  if (another) throw new QueryProblem({ key: "lookup.manyParcels", keyword: "lookup", values: { query } });
  return parcel;
}

/** Whether `parcel` may join the others found so far; the problem when it may not. */
function problemWith(
  parcel: Parcel,
  earlier: (Parcel | undefined)[],
  surviving?: Parcel,
): Problem | undefined {
  if (earlier.some((p) => p?.parcelNumber === parcel.parcelNumber))
    return {
      key: "lookup.sameParcel",
      keyword: "unique",
      values: { parcel: parcel.parcelNumber },
    };
  if (!surviving) return undefined;
  if (parcel.parcelNumber === surviving.parcelNumber)
    return { key: "lookup.isSurviving", keyword: "unique", values: { parcel: parcel.parcelNumber } };
  if (ownersKey(parcel) !== ownersKey(surviving))
    return {
      key: "lookup.otherOwners",
      keyword: "owners",
      values: {
        parcel: parcel.parcelNumber,
        address: oneLineAddress(parcel),
        owners: ownersLine(parcel),
        surviving: surviving.parcelNumber,
        survivingOwners: ownersLine(surviving),
      },
    };
  return undefined;
}

/**
 * Several properties, one per item of a repeated screen ("Property Address #1" to "#5"): each
 * must name exactly one parcel, none twice. Every item's problem is reported at once, on its own
 * field (`/<item>/query`), so the resident fixes them all in one go.
 */
async function findEach(records: PropertyRecords, params: Record<string, unknown>, locale: Locale) {
  const items = Array.isArray(params.items) ? params.items : [];
  let surviving: Parcel | undefined;
  if (params.ownersOf !== undefined) {
    surviving = (await records.findByParcelNumber(text(params.ownersOf))) ?? undefined;
    if (!surviving) throw new TypeError(`property-records.find-each: no parcel ${String(params.ownersOf)}`);
  }
  const found: (Parcel | undefined)[] = [];
  const errors: { path: string; message: string; keyword: string }[] = [];
  for (const [index, item] of items.entries()) {
    const query = text((item as { query?: unknown } | null)?.query);
    let problem: Problem | undefined;
    let parcel: Parcel | undefined;
    try {
      parcel = await findOne(records, query);
      problem = problemWith(parcel, found, surviving);
    } catch (error) {
      if (!(error instanceof QueryProblem)) throw error;
      problem = error.problem;
    }
    found.push(problem ? undefined : parcel);
    if (problem)
      errors.push({
        path: `/${index}${QUERY_FIELD}`,
        message: message(problem.key, locale, problem.values),
        keyword: problem.keyword,
      });
  }
  if (errors.length > 0) throw new IntegrationRefusal(errors);
  const parcels = found.filter((p): p is Parcel => p !== undefined).map(parcelChoice);
  return { parcels, count: parcels.length, parcelNumbers: parcels.map((p) => p.parcelNumber).join(", ") };
}

/** A row of the school district finder: the address, and the district that serves it with its contacts. */
function schoolDistrictRow(parcel: Parcel) {
  const district = schoolDistrictOf(parcel);
  return {
    address: oneLineAddress(parcel),
    parcelNumber: parcel.parcelNumber,
    district: district.name,
    districtPhone: district.phone,
    districtWebsite: district.website,
    districtAddress: district.address,
    taxingDistrict: district.taxingDistrict,
    township: parcel.township,
  };
}

/**
 * The school district of an address or a parcel: one row for a parcel number or an address that
 * names one parcel; for a street or the start of an address, the first ADDRESS_MATCHES parcels, so
 * the resident finds theirs in the list (`more` says the list is cut: type more of the address).
 */
async function schoolDistrict(records: PropertyRecords, params: Record<string, unknown>, locale: Locale) {
  const query = text(params.query);
  if (looksLikeParcelNumber(query)) {
    const parcel = await parcelByNumber(records, query).catch((error: unknown) => {
      if (error instanceof QueryProblem)
        refuse(error.problem.key, error.problem.keyword, locale, error.problem.values);
      throw error;
    });
    return { query, matches: [schoolDistrictRow(parcel)], more: false };
  }
  const parcels = query === "" ? [] : await records.searchByAddress(query, ADDRESS_MATCHES + 1);
  if (parcels.length === 0) refuse("lookup.noAddress", "lookup", locale);
  return {
    query,
    matches: parcels.slice(0, ADDRESS_MATCHES).map(schoolDistrictRow),
    more: parcels.length > ADDRESS_MATCHES,
  };
}

/** The parcels within the city limits, in the same order. */
async function withinCityLimits(records: PropertyRecords, parcels: Parcel[]): Promise<Parcel[]> {
  const inside = await Promise.all(parcels.map((parcel) => records.withinCityLimits(parcel)));
  return parcels.filter((_, i) => inside[i]);
}

export function propertyRecordsCall(records: PropertyRecords): Call {
  return async (name, operation, params, _answers, { locale }) => {
    if (operation === "find-each") return findEach(records, params, locale);
    if (operation === "school-district") return schoolDistrict(records, params, locale);
    if (operation !== "find") throw new Error(`${name} has no operation ${operation}`);
    const query = text(params.query);
    // `cityLimits: true`: a service of the city's own (the police's vacation checks) keeps to the
    // parcels within the city limits, and says so when the address is not one of them.
    const cityLimits = params.cityLimits === true;
    const keep = (parcels: Parcel[]) => (cityLimits ? withinCityLimits(records, parcels) : parcels);
    if (looksLikeParcelNumber(query)) {
      const parcel = await parcelByNumber(records, query).catch((error: unknown) => {
        if (error instanceof QueryProblem)
          refuse(error.problem.key, error.problem.keyword, locale, error.problem.values);
        throw error;
      });
      const kept = await keep([parcel]);
      if (kept.length === 0) refuse("lookup.outsideCityLimits", "cityLimits", locale);
      return { parcels: kept.map(parcelChoice) };
    }
    // With `owners: true` a query without digits may be an owner's name ("García", "Smith LLC"):
    // addresses start with a house number. A name that owns nothing is tried as a street.
    const byOwner = params.owners === true && !/\d/.test(query);
    if (byOwner) {
      const owned = await keep(await records.searchByOwner(query, OWNER_MATCHES));
      if (owned.length > 0) return { parcels: owned.map(parcelChoice) };
    }
    const parcels = await keep(await records.searchByAddress(query, ADDRESS_MATCHES));
    if (parcels.length === 0 && cityLimits) refuse("lookup.outsideCityLimits", "cityLimits", locale);
    if (parcels.length === 0)
      refuse(byOwner ? "lookup.noOwnerOrAddress" : "lookup.noAddress", "lookup", locale);
    return { parcels: parcels.map(parcelChoice) };
  };
}

/** A row of the public status table: never the full name, never the reference of someone else's case. */
function statusRow(application: Application) {
  return {
    deduction: application.deduction,
    status: application.status,
    applicant: maskApplicantName(application.applicantName),
    dateApplied: application.dateApplied,
  };
}

function deductionApplicationsCall(records: PropertyRecords, applications: DeductionApplications): Call {
  const create: Call = async (name, _operation, params) => {
    const reference = text(params.reference);
    const deduction = params.deduction;
    if (!isDeductionKind(deduction))
      throw new TypeError(`${name}.create: unknown deduction ${String(deduction)}`);
    // The parcel comes from the county's records, not from the form: the form only says which one.
    const parcel = await records.findByParcelNumber(text(params.parcelNumber));
    if (!parcel) throw new TypeError(`${name}.create: no parcel ${String(params.parcelNumber)}`);
    const applicantName = [params.firstName, params.middleName, params.lastName]
      .map(text)
      .filter(Boolean)
      .join(" ");
    const stored = await applications.create({
      reference,
      requestId: text(params.requestId) || reference,
      deduction,
      parcelNumber: parcel.parcelNumber,
      address: parcel.address,
      applicantName,
    });
    return { reference: stored.reference, status: stored.status };
  };

  const search: Call = async (_name, _operation, params, _answers, { locale }) => {
    const query = text(params.query);
    let found: Application[];
    if (looksLikeParcelNumber(query)) {
      const parcelNumber = normalizeParcelNumber(query);
      if (!parcelNumber) refuse("lookup.parcelFormat", "format", locale);
      found = await applications.findByParcel(parcelNumber);
    } else if (looksLikeReference(query)) {
      const reference = normalizeReference(query);
      if (!reference) refuse("search.referenceFormat", "format", locale);
      const application = await applications.findByReference(reference);
      found = application ? [application] : [];
    } else {
      found = await applications.findByAddress(query);
    }
    return { query, applications: found.map(statusRow) };
  };

  return (name, operation, params, answers, context) => {
    switch (operation) {
      case "create":
        return create(name, operation, params, answers, context);
      case "search":
        return search(name, operation, params, answers, context);
      default:
        return Promise.reject(new Error(`${name} has no operation ${operation}`));
    }
  };
}

/**
 * The back-office integrations by the name workflow files call them, over the site's database;
 * the demo parcels and applications are seeded first (once: seeding is idempotent).
 */
export async function backOfficeIntegrations(
  db: Database,
  opts: { now?: () => Date } = {},
): Promise<Record<string, Call>> {
  await seedPropertyRecords(db);
  await seedDeductionApplications(db);
  const records = createPropertyRecords({ kind: "embedded", db });
  const applications = createDeductionApplications({ kind: "embedded", db, now: opts.now });
  return {
    "property-records": propertyRecordsCall(records),
    "deduction-applications": deductionApplicationsCall(records, applications),
  };
}
