/**
 * The public school districts' contact details, as the county's records give them to the school
 * district finder. Demo data, fixed: fictional phone numbers in the (555) 010-xxxx block the rest
 * of the demo uses, websites on the reserved `.example` domain (so no link ever reaches a real
 * site), offices on the demo geography's streets.
 *
 * The district names are the geography's (SCHOOL_DISTRICTS, which the parcels are drawn with):
 * this table is keyed by them, so a district added there fails to type-check here until its
 * contact details are written.
 */

import { SCHOOL_DISTRICTS } from "./embedded/cedarport-geography";
import type { Parcel } from "./property-records";

export type SchoolDistrictName = (typeof SCHOOL_DISTRICTS)[number];

export interface SchoolDistrictContact {
  phone: string;
  /** The district's website, without a scheme, as a tax bill prints it. */
  website: string;
  /** The district's central office, on one line. */
  address: string;
}

export const SCHOOL_DISTRICT_CONTACTS: Readonly<Record<SchoolDistrictName, SchoolDistrictContact>> = {
  "Cedarport Public Schools": {
    phone: "(555) 010-5100",
    website: "www.cedarportschools.example",
    address: "120 E Washington St, Cedarport, IN 46204",
  },
  "Metropolitan School District of Harbor Township": {
    phone: "(555) 010-5110",
    website: "www.msdharbor.example",
    address: "4210 N College Ave, Cedarport, IN 46205",
  },
  "Metropolitan School District of Lincoln Township": {
    phone: "(555) 010-5120",
    website: "www.msdlincoln.example",
    address: "5650 E 56th St, Cedarport, IN 46226",
  },
  "Union Township Community Schools": {
    phone: "(555) 010-5130",
    website: "www.unionschools.example",
    address: "3900 E Michigan St, Cedarport, IN 46218",
  },
  "Prairie Heights School Corporation": {
    phone: "(555) 010-5140",
    website: "www.prairieheights.example",
    address: "6100 E Thompson Rd, Cedarport, IN 46237",
  },
  "Pleasant Township Schools": {
    phone: "(555) 010-5150",
    website: "www.pleasantschools.example",
    address: "4400 S Delaware St, Cedarport, IN 46227",
  },
  "Maple Grove Community Schools": {
    phone: "(555) 010-5160",
    website: "www.maplegroveschools.example",
    address: "5300 W Raymond St, Cedarport, IN 46241",
  },
  "Metropolitan School District of Sugar Creek Township": {
    phone: "(555) 010-5170",
    website: "www.msdsugarcreek.example",
    address: "7800 W 71st St, Cedarport, IN 46268",
  },
};

export interface SchoolDistrict extends SchoolDistrictContact {
  name: string;
  /**
   * The taxing district number on the tax bill: the last three digits of the state parcel number
   * ("49-01-12-000-001.000-101" is in 101). It names the township and the school district together,
   * so two parcels of one district in two townships have different numbers.
   */
  taxingDistrict: string;
}

function isSchoolDistrictName(name: string): name is SchoolDistrictName {
  return (SCHOOL_DISTRICTS as readonly string[]).includes(name);
}

/** The school district a parcel is in, with its contact details; throws for a district with none. */
export function schoolDistrictOf(
  parcel: Pick<Parcel, "schoolDistrict" | "stateParcelNumber">,
): SchoolDistrict {
  const name = parcel.schoolDistrict;
  if (!isSchoolDistrictName(name)) throw new Error(`no contact details for the school district "${name}"`);
  const taxingDistrict = /-(\d{3})$/.exec(parcel.stateParcelNumber)?.[1];
  if (!taxingDistrict) throw new Error(`no taxing district in ${parcel.stateParcelNumber}`);
  return { name, ...SCHOOL_DISTRICT_CONTACTS[name], taxingDistrict };
}
