/**
 * The demo parcels, outside the server:
 *
 *   npx tsx scripts/generate-parcels.ts                      # 5,000 parcels as CSV on stdout
 *   npx tsx scripts/generate-parcels.ts --count 200 --format json
 *   npx tsx scripts/generate-parcels.ts --store              # seed the database the server uses
 *
 * --store writes to DATABASE_URL when it is a postgres:// URL, else to DATA_DIR/cedarport.sqlite
 * (data/ by default), and adds the demo deduction applications, and the property tax invoices
 * generated from the parcels and the demo jail gallery accounts (src/integrations/payments/). It
 * does nothing when the database already holds the same generator version, count and seed.
 */
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../src/db/database";
import { migrate } from "../src/db/migrate";
import { seedDeductionApplications } from "../src/integrations/deduction-applications";
import { seedPaymentDemoData } from "../src/integrations/payments";
import {
  DEFAULT_PARCEL_COUNT,
  generateParcels,
  type Parcel,
  seedPropertyRecords,
} from "../src/integrations/property-records";

const { values } = parseArgs({
  options: {
    count: { type: "string", default: String(DEFAULT_PARCEL_COUNT) },
    seed: { type: "string" },
    format: { type: "string", default: "csv" },
    store: { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
});

if (values.help) {
  console.log("Usage: tsx scripts/generate-parcels.ts [--count N] [--seed N] [--format csv|json] [--store]");
  process.exit(0);
}

const count = Number(values.count);
const seed = values.seed === undefined ? undefined : Number(values.seed);
if (!Number.isInteger(count) || (seed !== undefined && !Number.isInteger(seed))) {
  console.error("--count and --seed take whole numbers");
  process.exit(2);
}

const csvCell = (value: string | number | boolean) => {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

function toCsv(parcels: Parcel[]): string {
  const header = [
    "parcel_number",
    "state_parcel_number",
    "address",
    "city",
    "state",
    "zip",
    "owners",
    "mobile_home",
    "assessed_value",
    "school_district",
    "township",
    "existing_deductions",
  ];
  const rows = parcels.map((p) =>
    [
      p.parcelNumber,
      p.stateParcelNumber,
      p.address.line1,
      p.address.city,
      p.address.state,
      p.address.zip,
      p.owners.join("; "),
      p.mobileHome ? "yes" : "no",
      (p.assessedValueCents / 100).toFixed(2),
      p.schoolDistrict,
      p.township,
      p.existingDeductions.join("; "),
    ]
      .map(csvCell)
      .join(","),
  );
  return `${[header.join(","), ...rows].join("\n")}\n`;
}

if (values.store) {
  const dataDir = resolve(process.env.DATA_DIR ?? "data");
  const db = await openDatabase({
    url: process.env.DATABASE_URL || undefined,
    file: join(dataDir, "cedarport.sqlite"),
  });
  try {
    await migrate(db);
    const start = performance.now();
    const result = await seedPropertyRecords(db, { count, ...(seed !== undefined ? { seed } : {}) });
    const ms = Math.round(performance.now() - start);
    const applications = await seedDeductionApplications(db);
    const payments = await seedPaymentDemoData(db);
    console.log(
      result.seeded
        ? `Stored ${result.count} parcels on ${db.dialect} in ${ms} ms (${result.signature}); ${applications} demo applications added.`
        : `Already seeded (${result.signature}); ${applications} demo applications added.`,
    );
    console.log(
      `Invoices ${payments.invoices ? "generated from the parcels" : "already generated"}; ${payments.galleryAccounts} demo gallery accounts added.`,
    );
  } finally {
    await db.close();
  }
} else {
  const parcels = generateParcels({ count, ...(seed !== undefined ? { seed } : {}) });
  if (values.format === "json") process.stdout.write(`${JSON.stringify(parcels, null, 2)}\n`);
  else if (values.format === "csv") process.stdout.write(toCsv(parcels));
  else {
    console.error(`unknown --format ${values.format}: use csv or json`);
    process.exit(2);
  }
}
