/**
 * A payment refused for a reason the resident can act on (an amount too high, a declined card).
 * The integration shows each problem on the screen like a validation message, in the resident's
 * language; `message` is a catalogue key (messages.ts).
 */
export interface Problem {
  /** The param it is about, as a JSON pointer (/cardNumber, /items/0/amount); "" for the whole form. */
  path: string;
  message: string;
  keyword: string;
  values?: Record<string, string | number>;
}

export class PaymentRefusal extends Error {
  override name = "PaymentRefusal";
  constructor(readonly problems: Problem[]) {
    super(problems.map((p) => p.message).join(", "));
  }
}
