DROP INDEX "roles_name_resource_idx";--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_name_resource_key" UNIQUE NULLS NOT DISTINCT("tenant_id","name","resource_type","resource_id");