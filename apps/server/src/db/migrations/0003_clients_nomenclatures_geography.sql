CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"color" text,
	"parent_id" uuid
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" uuid PRIMARY KEY NOT NULL,
	"state_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"official_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"alpha3" text NOT NULL,
	"numeric" text NOT NULL,
	"name_es" text NOT NULL,
	"name_en" text NOT NULL,
	CONSTRAINT "countries_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" uuid PRIMARY KEY NOT NULL,
	"country_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "area_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_reasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"legal_representative" text,
	"phones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"email" text
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"category" uuid,
	"execution_time" double precision NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"group_iva" text DEFAULT 'typeA' NOT NULL,
	"sales_account" bigint NOT NULL,
	"code" text,
	"type" text DEFAULT 'SERVICE' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "space_service_goals" (
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"service_id" uuid NOT NULL,
	"value_goal" smallint NOT NULL,
	"templates" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "space_service_goals_space_id_service_id_pk" PRIMARY KEY("space_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "structure_details" (
	"space_id" uuid PRIMARY KEY NOT NULL,
	"secure_space_path" text NOT NULL,
	"code" text,
	"cif" text,
	"country" uuid,
	"province" uuid,
	"province_or_state" text,
	"municipality" uuid,
	"address" text,
	"zip_code" integer,
	"phones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fax" text,
	"email" text,
	"billing_email" text,
	"audit_report_email" text,
	"analytical_report_email" text,
	"contact_person" text,
	"payment_type" uuid,
	"activities" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"company" uuid,
	"social_reason" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"inactivity_date" timestamp with time zone,
	"open_month" smallint,
	"close_month" smallint,
	"visit_days" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"not_visit_days" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"area_type" uuid,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "categories_type_idx" ON "categories" USING btree ("type");--> statement-breakpoint
CREATE INDEX "categories_parent_id_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "categories_color_idx" ON "categories" USING btree ("color");--> statement-breakpoint
CREATE INDEX "categories_path_idx" ON "categories" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "categories_name_idx" ON "categories" USING btree ("name");--> statement-breakpoint
CREATE INDEX "categories_created_idx" ON "categories" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "cities_state_idx" ON "cities" USING btree ("state_id","name");--> statement-breakpoint
CREATE INDEX "cities_code_idx" ON "cities" USING btree ("code");--> statement-breakpoint
CREATE INDEX "countries_name_es_idx" ON "countries" USING btree ("name_es");--> statement-breakpoint
CREATE INDEX "countries_name_en_idx" ON "countries" USING btree ("name_en");--> statement-breakpoint
CREATE INDEX "states_country_idx" ON "states" USING btree ("country_id","name");--> statement-breakpoint
CREATE INDEX "states_code_idx" ON "states" USING btree ("code");--> statement-breakpoint
CREATE INDEX "activities_path_idx" ON "activities" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "activities_name_idx" ON "activities" USING btree ("name");--> statement-breakpoint
CREATE INDEX "activities_created_idx" ON "activities" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "activities_space_name_key" ON "activities" USING btree ("space_id",lower("name"));--> statement-breakpoint
CREATE INDEX "area_types_path_idx" ON "area_types" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "area_types_name_idx" ON "area_types" USING btree ("name");--> statement-breakpoint
CREATE INDEX "area_types_created_idx" ON "area_types" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "area_types_space_name_key" ON "area_types" USING btree ("space_id",lower("name"));--> statement-breakpoint
CREATE INDEX "billing_methods_path_idx" ON "billing_methods" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "billing_methods_name_idx" ON "billing_methods" USING btree ("name");--> statement-breakpoint
CREATE INDEX "billing_methods_created_idx" ON "billing_methods" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_methods_space_name_key" ON "billing_methods" USING btree ("space_id",lower("name"));--> statement-breakpoint
CREATE INDEX "companies_path_idx" ON "companies" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree ("name");--> statement-breakpoint
CREATE INDEX "companies_created_idx" ON "companies" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_space_name_key" ON "companies" USING btree ("space_id",lower("name"));--> statement-breakpoint
CREATE INDEX "employee_profiles_path_idx" ON "employee_profiles" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "employee_profiles_name_idx" ON "employee_profiles" USING btree ("name");--> statement-breakpoint
CREATE INDEX "employee_profiles_created_idx" ON "employee_profiles" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_profiles_space_name_key" ON "employee_profiles" USING btree ("space_id",lower("name"));--> statement-breakpoint
CREATE INDEX "employee_types_path_idx" ON "employee_types" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "employee_types_name_idx" ON "employee_types" USING btree ("name");--> statement-breakpoint
CREATE INDEX "employee_types_created_idx" ON "employee_types" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_types_space_name_key" ON "employee_types" USING btree ("space_id",lower("name"));--> statement-breakpoint
CREATE INDEX "payment_types_path_idx" ON "payment_types" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "payment_types_name_idx" ON "payment_types" USING btree ("name");--> statement-breakpoint
CREATE INDEX "payment_types_created_idx" ON "payment_types" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_types_space_name_key" ON "payment_types" USING btree ("space_id",lower("name"));--> statement-breakpoint
CREATE INDEX "service_categories_path_idx" ON "service_categories" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "service_categories_name_idx" ON "service_categories" USING btree ("name");--> statement-breakpoint
CREATE INDEX "service_categories_created_idx" ON "service_categories" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "service_categories_space_name_key" ON "service_categories" USING btree ("space_id",lower("name"));--> statement-breakpoint
CREATE INDEX "social_reasons_email_idx" ON "social_reasons" USING btree ("email");--> statement-breakpoint
CREATE INDEX "social_reasons_legal_representative_idx" ON "social_reasons" USING btree ("legal_representative");--> statement-breakpoint
CREATE INDEX "social_reasons_path_idx" ON "social_reasons" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "social_reasons_name_idx" ON "social_reasons" USING btree ("name");--> statement-breakpoint
CREATE INDEX "social_reasons_created_idx" ON "social_reasons" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "social_reasons_space_name_key" ON "social_reasons" USING btree ("space_id",lower("name"));--> statement-breakpoint
CREATE INDEX "services_category_idx" ON "services" USING btree ("category");--> statement-breakpoint
CREATE INDEX "services_group_iva_idx" ON "services" USING btree ("group_iva");--> statement-breakpoint
CREATE INDEX "services_code_idx" ON "services" USING btree ("code");--> statement-breakpoint
CREATE INDEX "services_price_idx" ON "services" USING btree ("price");--> statement-breakpoint
CREATE INDEX "services_execution_time_idx" ON "services" USING btree ("execution_time");--> statement-breakpoint
CREATE INDEX "services_sales_account_idx" ON "services" USING btree ("sales_account");--> statement-breakpoint
CREATE INDEX "services_path_idx" ON "services" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "services_name_idx" ON "services" USING btree ("name");--> statement-breakpoint
CREATE INDEX "services_created_idx" ON "services" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "services_space_name_key" ON "services" USING btree ("space_id",lower("name"));--> statement-breakpoint
CREATE INDEX "space_service_goals_path_idx" ON "space_service_goals" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "space_service_goals_service_idx" ON "space_service_goals" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "structure_details_path_idx" ON "structure_details" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "structure_details_code_idx" ON "structure_details" USING btree ("code");--> statement-breakpoint
CREATE INDEX "structure_details_cif_idx" ON "structure_details" USING btree ("cif");--> statement-breakpoint
CREATE INDEX "structure_details_country_idx" ON "structure_details" USING btree ("country");--> statement-breakpoint
CREATE INDEX "structure_details_province_idx" ON "structure_details" USING btree ("province");--> statement-breakpoint
CREATE INDEX "structure_details_municipality_idx" ON "structure_details" USING btree ("municipality");--> statement-breakpoint
CREATE INDEX "structure_details_zip_idx" ON "structure_details" USING btree ("zip_code");--> statement-breakpoint
CREATE INDEX "structure_details_email_idx" ON "structure_details" USING btree ("email");--> statement-breakpoint
CREATE INDEX "structure_details_active_idx" ON "structure_details" USING btree ("active");--> statement-breakpoint
CREATE INDEX "structure_details_payment_type_idx" ON "structure_details" USING btree ("payment_type");--> statement-breakpoint
CREATE INDEX "structure_details_company_idx" ON "structure_details" USING btree ("company");--> statement-breakpoint
CREATE INDEX "structure_details_social_reason_idx" ON "structure_details" USING btree ("social_reason");--> statement-breakpoint
CREATE INDEX "structure_details_area_type_idx" ON "structure_details" USING btree ("area_type");--> statement-breakpoint
CREATE INDEX "structure_details_activities_idx" ON "structure_details" USING gin ("activities");--> statement-breakpoint
CREATE INDEX "structure_details_created_idx" ON "structure_details" USING btree ("created_at");--> statement-breakpoint
SELECT audit_enable_rls('structure_details', 'tenant');
--> statement-breakpoint
SELECT audit_enable_rls('space_service_goals', 'tenant');
--> statement-breakpoint
SELECT audit_enable_rls('area_types', 'catalogue');
--> statement-breakpoint
SELECT audit_enable_rls('payment_types', 'catalogue');
--> statement-breakpoint
SELECT audit_enable_rls('activities', 'catalogue');
--> statement-breakpoint
SELECT audit_enable_rls('companies', 'catalogue');
--> statement-breakpoint
SELECT audit_enable_rls('service_categories', 'catalogue');
--> statement-breakpoint
SELECT audit_enable_rls('employee_profiles', 'catalogue');
--> statement-breakpoint
SELECT audit_enable_rls('employee_types', 'catalogue');
--> statement-breakpoint
SELECT audit_enable_rls('billing_methods', 'catalogue');
--> statement-breakpoint
SELECT audit_enable_rls('social_reasons', 'catalogue');
--> statement-breakpoint
SELECT audit_enable_rls('services', 'catalogue');
--> statement-breakpoint
SELECT audit_enable_rls('categories', 'catalogue');
--> statement-breakpoint
-- Geography is global reference data: readable by the request role, written only by the loader (owner role).
GRANT SELECT ON countries, states, cities TO audit_app;
