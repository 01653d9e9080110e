CREATE TABLE "tenancy_balances" (
	"tenancy_id" bigint PRIMARY KEY NOT NULL,
	"balance_cents" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenancy_balances" ADD CONSTRAINT "tenancy_balances_tenancy_id_tenancies_tenancy_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("tenancy_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tenancy_balances_in_arrears" ON "tenancy_balances" USING btree ("tenancy_id") WHERE balance_cents > 0;