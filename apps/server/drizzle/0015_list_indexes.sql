DROP INDEX "tenancies_active_by_agent";--> statement-breakpoint
CREATE INDEX "houses_prop_id_occupied" ON "houses" USING btree ("prop_id","occupied");--> statement-breakpoint
CREATE INDEX "tenancies_active_by_agent_id" ON "tenancies" USING btree ("agent_id","tenancy_id") WHERE ended_at IS NULL;