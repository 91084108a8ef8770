CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"addressable_type" text NOT NULL,
	"addressable_id" integer NOT NULL,
	"street" text,
	"house_number" text,
	"postal_code" text,
	"city" text,
	"country" text DEFAULT 'NL' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "desks" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"azc_name" text NOT NULL,
	"slug" text NOT NULL,
	"volunteer_center_id" integer NOT NULL,
	"organization_id" integer,
	"email" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"description" text,
	"logo_url" text,
	"contact_name" text,
	"contact_email" text,
	"contact_phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"slug" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"volunteer_center_id" integer,
	"email" text,
	"phone" text,
	"website" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_type_check" CHECK ("organizations"."type" in ('VolunteerCenter', 'School', 'Organization')),
	CONSTRAINT "organizations_status_check" CHECK ("organizations"."status" in ('approved', 'pending', 'denied', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"resource_type" text,
	"resource_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users_roles" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "users_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"default_volunteer_center_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"email" text NOT NULL,
	"provider" text DEFAULT 'email' NOT NULL,
	"uid" text NOT NULL,
	"encrypted_password" text,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"locale" text DEFAULT 'nl' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"volunteer_center_id" integer,
	"allow_password_change" boolean DEFAULT false NOT NULL,
	"confirmation_token" text,
	"confirmed_at" timestamp with time zone,
	"confirmation_sent_at" timestamp with time zone,
	"unconfirmed_email" text,
	"reset_password_token" text,
	"reset_password_sent_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"unlock_token" text,
	"sign_in_count" integer DEFAULT 0 NOT NULL,
	"current_sign_in_at" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	"current_sign_in_ip" text,
	"last_sign_in_ip" text,
	"invitation_token" text,
	"invitation_sent_at" timestamp with time zone,
	"invitation_accepted_at" timestamp with time zone,
	"tokens" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_status_check" CHECK ("users"."status" in ('active', 'invited', 'inactive', 'archived'))
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desks" ADD CONSTRAINT "desks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desks" ADD CONSTRAINT "desks_volunteer_center_id_organizations_id_fk" FOREIGN KEY ("volunteer_center_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desks" ADD CONSTRAINT "desks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_profiles" ADD CONSTRAINT "organization_profiles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_profiles" ADD CONSTRAINT "organization_profiles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_volunteer_center_id_organizations_id_fk" FOREIGN KEY ("volunteer_center_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users_roles" ADD CONSTRAINT "users_roles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users_roles" ADD CONSTRAINT "users_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users_roles" ADD CONSTRAINT "users_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_volunteer_center_id_organizations_id_fk" FOREIGN KEY ("volunteer_center_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_addressable_idx" ON "addresses" USING btree ("tenant_id","addressable_type","addressable_id");--> statement-breakpoint
CREATE UNIQUE INDEX "desks_tenant_slug_idx" ON "desks" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "desks_center_idx" ON "desks" USING btree ("volunteer_center_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_profiles_org_idx" ON "organization_profiles" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "organizations_tenant_idx" ON "organizations" USING btree ("tenant_id","type","status");--> statement-breakpoint
CREATE INDEX "organizations_center_idx" ON "organizations" USING btree ("volunteer_center_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_tenant_slug_idx" ON "organizations" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "roles_name_idx" ON "roles" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "roles_name_resource_idx" ON "roles" USING btree ("tenant_id","name","resource_type","resource_id");--> statement-breakpoint
CREATE INDEX "users_roles_role_idx" ON "users_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_email_idx" ON "users" USING btree ("tenant_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_uid_idx" ON "users" USING btree ("tenant_id","uid","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "users_confirmation_token_idx" ON "users" USING btree ("confirmation_token");--> statement-breakpoint
CREATE UNIQUE INDEX "users_reset_password_token_idx" ON "users" USING btree ("reset_password_token");--> statement-breakpoint
CREATE UNIQUE INDEX "users_unlock_token_idx" ON "users" USING btree ("unlock_token");--> statement-breakpoint
CREATE INDEX "users_center_idx" ON "users" USING btree ("volunteer_center_id");