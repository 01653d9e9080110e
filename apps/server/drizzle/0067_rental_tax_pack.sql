-- Tenants' KRA PINs (issue 36, decision 055): eRITS asks a landlord for each tenant's PIN every month.
ALTER TABLE clients ADD COLUMN kra_pin text;
--> statement-breakpoint
ALTER TABLE clients ADD CONSTRAINT clients_kra_pin_format CHECK (kra_pin IS NULL OR kra_pin ~ '^[A-Z][0-9]{9}[A-Z]$');
--> statement-breakpoint
-- How KRA knows the property: its land-registry number, or the reference eRITS gave it.
ALTER TABLE properties ADD COLUMN lr_number text;
--> statement-breakpoint
ALTER TABLE properties ADD COLUMN erits_ref text;
--> statement-breakpoint
-- The agency withholds a landlord's MRI only on KRA's written appointment (Tax Procedures Act s42C):
-- its date and reference, recorded with the agreement; withholding without them is refused.
ALTER TABLE management_agreements ADD COLUMN kra_appointed_on date;
--> statement-breakpoint
ALTER TABLE management_agreements ADD COLUMN kra_appointment_ref text;
--> statement-breakpoint
ALTER TABLE management_agreements ADD CONSTRAINT management_agreements_appointment_whole
  CHECK ((kra_appointed_on IS NULL) = (kra_appointment_ref IS NULL));
--> statement-breakpoint
-- The payment registration number iTax or eRITS gave the payment to KRA.
ALTER TABLE kra_payments ADD COLUMN prn text;
--> statement-breakpoint
-- When withheld tax is due at KRA: five working days after it was withheld, or the 20th of the next month.
CREATE TABLE "rental_tax_settings" (
  "agent_id" bigint PRIMARY KEY NOT NULL REFERENCES "agents"("agent_id"),
  "remittance_rule" text NOT NULL,
  "updated_at" timestamp with time zone NOT NULL,
  "updated_by" bigint NOT NULL REFERENCES "users"("user_no"),
  CONSTRAINT "rental_tax_settings_rule_known" CHECK (remittance_rule IN ('five_working_days', 'twentieth'))
);
