/**
 * The shared field definitions (schemas/definitions/*.json), bundled so parsing a workflow needs no
 * file system: the same parser runs on the server and, if ever needed, in the browser. A new
 * definition file is added here once; workflow files then refer to it by name.
 */

import applicant from "../../schemas/definitions/applicant.json";
import bid from "../../schemas/definitions/bid.json";
import bidder from "../../schemas/definitions/bidder.json";
import common from "../../schemas/definitions/common.json";
import galleryAccount from "../../schemas/definitions/gallery-account.json";
import invoice from "../../schemas/definitions/invoice.json";
import mortgage from "../../schemas/definitions/mortgage.json";
import payment from "../../schemas/definitions/payment.json";
import property from "../../schemas/definitions/property.json";
import recordRequest from "../../schemas/definitions/record-request.json";
import type { Documents } from "./refs";

export const definitions: Documents = {
  "definitions/applicant.json": applicant,
  "definitions/bid.json": bid,
  "definitions/bidder.json": bidder,
  "definitions/common.json": common,
  "definitions/gallery-account.json": galleryAccount,
  "definitions/invoice.json": invoice,
  "definitions/mortgage.json": mortgage,
  "definitions/payment.json": payment,
  "definitions/property.json": property,
  "definitions/record-request.json": recordRequest,
};
