CREATE TABLE "redirect_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"path" text NOT NULL,
	"target" text NOT NULL,
	"permanent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redirect_rules_path_check" CHECK (char_length("redirect_rules"."path") <= 500 and "redirect_rules"."path" ~ '^/([a-z0-9._~!$&()*+,=:@%-]+(/[a-z0-9._~!$&()*+,=:@%-]+)*)?$'),
	CONSTRAINT "redirect_rules_target_check" CHECK (char_length("redirect_rules"."target") <= 2000 and "redirect_rules"."target" ~ '^[!-~]+$' and strpos("redirect_rules"."target", chr(92)) = 0 and ("redirect_rules"."target" ~ '^/([^/]|$)' or "redirect_rules"."target" ~* '^https?://[a-z0-9.-]+(:[0-9]+)?([/?#]|$)'))
);
--> statement-breakpoint
CREATE TABLE "translations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"locale" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translations_locale_check" CHECK ("translations"."locale" in ('nl', 'en')),
	CONSTRAINT "translations_key_check" CHECK (char_length("translations"."key") <= 200 and "translations"."key" ~ '^[A-Za-z0-9_]+([.][A-Za-z0-9_]+)*$'),
	CONSTRAINT "translations_value_check" CHECK (char_length("translations"."value") <= 5000)
);
--> statement-breakpoint
ALTER TABLE "redirect_rules" ADD CONSTRAINT "redirect_rules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "redirect_rules_tenant_path_idx" ON "redirect_rules" USING btree ("tenant_id","path");--> statement-breakpoint
CREATE UNIQUE INDEX "translations_tenant_locale_key_idx" ON "translations" USING btree ("tenant_id","locale","key");--> statement-breakpoint
-- Row-level security for the two new tenant tables, as 0001 does for the others: api
-- requests run as volunteerly_app with app.tenant_id set, and see only their tenant's rows.
-- 0001's default privileges already grant the role these tables; granted here again so the
-- policy never stands on a table the role cannot reach when another owner migrates.
GRANT SELECT, INSERT, UPDATE, DELETE ON "redirect_rules", "translations" TO volunteerly_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE "redirect_rules_id_seq", "translations_id_seq" TO volunteerly_app;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['redirect_rules','translations']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id())',
      t);
  END LOOP;
END
$$;
