-- A payment's refunds in the order they were reserved (payments/store.ts refundedBefore): the
-- principal already reserved by earlier refunds when this one was reserved. Two refunds made in
-- the same millisecond have the same created_at; their reservations never tie.
ALTER TABLE payment_refunds ADD COLUMN reserved_after BIGINT;
