/**
 * Jail gallery (commissary) accounts for demos and tests. Family and friends look one up by its
 * gallery number and confirm the person's name and date of birth before they see or pay it.
 *
 * | gallery | name               | date of birth | status   | payable | amount owed |
 * |---------|--------------------|---------------|----------|---------|-------------|
 * | 2417035 | Marcus Reyes       | 03/14/1991    | active   | yes     | $245.50     |
 * | 2417152 | Shanice Porter     | 11/02/1987    | active   | yes     | $1,120.00   |
 * | 2418009 | Daniel Kowalski    | 07/29/1979    | released | yes     | $86.25      |
 * | 2418214 | Luis Hernández     | 01/05/1995    | active   | yes     | $0.00       |
 * | 2418377 | Tamika Johnson     | 09/18/1984    | on-hold  | no      | $412.00     |
 * | 2419040 | Robert Greene      | 05/23/1969    | closed   | no      | $0.00       |
 * | 2419115 | Ana Lucía Morales  | 12/30/2000    | active   | yes     | $57.80      |
 */
import { ownerWords } from "../../property-records/owner-name";

export const ACCOUNT_STATUSES = ["active", "released", "on-hold", "closed"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export interface GalleryAccountRecord {
  galleryNumber: string;
  name: string;
  /** yyyy-mm-dd */
  dateOfBirth: string;
  accountStatus: AccountStatus;
  /** Whether the jail accepts payments to the account now. */
  payable: boolean;
  amountOwedCents: number;
}

export const DEMO_GALLERY_ACCOUNTS: readonly GalleryAccountRecord[] = [
  {
    galleryNumber: "2417035",
    name: "Marcus Reyes",
    dateOfBirth: "1991-03-14",
    accountStatus: "active",
    payable: true,
    amountOwedCents: 24_550,
  },
  {
    galleryNumber: "2417152",
    name: "Shanice Porter",
    dateOfBirth: "1987-11-02",
    accountStatus: "active",
    payable: true,
    amountOwedCents: 112_000,
  },
  {
    galleryNumber: "2418009",
    name: "Daniel Kowalski",
    dateOfBirth: "1979-07-29",
    accountStatus: "released",
    payable: true,
    amountOwedCents: 8_625,
  },
  {
    galleryNumber: "2418214",
    name: "Luis Hernández",
    dateOfBirth: "1995-01-05",
    accountStatus: "active",
    payable: true,
    amountOwedCents: 0,
  },
  {
    galleryNumber: "2418377",
    name: "Tamika Johnson",
    dateOfBirth: "1984-09-18",
    accountStatus: "on-hold",
    payable: false,
    amountOwedCents: 41_200,
  },
  {
    galleryNumber: "2419040",
    name: "Robert Greene",
    dateOfBirth: "1969-05-23",
    accountStatus: "closed",
    payable: false,
    amountOwedCents: 0,
  },
  {
    galleryNumber: "2419115",
    name: "Ana Lucía Morales",
    dateOfBirth: "2000-12-30",
    accountStatus: "active",
    payable: true,
    amountOwedCents: 5_780,
  },
];

/**
 * A name as it is compared: its words in upper-case ASCII, sorted, so "Luis Hernandez",
 * "HERNÁNDEZ, Luis" and "luis  hernández" are the same name.
 */
export function nameKey(name: string): string {
  return ownerWords(name).sort().join(" ");
}

/** Gallery numbers are 7 digits; residents may type spaces or dashes. */
export function normalizeGalleryNumber(input: string): string | null {
  const digits = input.replace(/[\s-]/g, "");
  return /^\d{7}$/.test(digits) ? digits : null;
}
