-- Issue 43, ADR 055: tax added at checkout. A business's prices either include VAT (GB/IE/NL,
-- ADR 051: 'included', every business so far) or exclude tax, which checkout then adds by the
-- place the goods go to ('added_at_checkout': US sales tax, Canada's GST/HST).
alter table businesses add column tax_mode text not null default 'included'
  check (tax_mode in ('included', 'added_at_checkout'));
-- Who works the tax out for such a business: the local rate table (development and test only)
-- or Stripe Tax. Unused while the business's prices include VAT.
alter table businesses add column tax_provider text not null default 'local'
  check (tax_provider in ('local', 'stripe-tax'));

-- The tax an order was charged, stored as placed so a receipt never works it out again: the
-- whole (inside orders.total and original_total), each jurisdiction's part (JSON rows of
-- schemas/sales-tax.ts TaxJurisdictionRow), and the service's reference of the calculation.
alter table orders add column tax_total integer not null default 0 check (tax_total >= 0);
alter table orders add column tax_json text check (tax_json is null or json_valid(tax_json));
alter table orders add column tax_reference text;
-- Each line's share of it, so a refund of the line gives back its tax to the cent. Null on
-- orders whose prices include VAT.
alter table order_lines add column tax_amount integer check (tax_amount is null or tax_amount >= 0);
