CREATE TABLE "register_closures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"register_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"start_day" date NOT NULL,
	"closed_by" uuid
);
--> statement-breakpoint
CREATE TABLE "register_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"template_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"field_type" text NOT NULL,
	"select_option" text,
	"unit" text,
	"operation" text,
	"min" double precision,
	"max" double precision,
	"required" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "register_locks" (
	"register_id" uuid NOT NULL,
	"day" date NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "register_locks_register_id_day_pk" PRIMARY KEY("register_id","day")
);
--> statement-breakpoint
CREATE TABLE "register_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"register_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"day" date NOT NULL,
	"slot" date NOT NULL,
	"take" integer DEFAULT 1 NOT NULL,
	"values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"reason" text,
	"out_of_range" boolean DEFAULT false NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"entered_by" uuid,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "register_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"template_id" uuid NOT NULL,
	"title" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "register_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"category_id" uuid,
	"title" text NOT NULL,
	"report_type" text NOT NULL,
	"register_type" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"area_access" text NOT NULL,
	"classification" text DEFAULT 'measurement' NOT NULL,
	"template_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"all_establishments" boolean DEFAULT false NOT NULL,
	"establishment_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"all_areas" boolean DEFAULT false NOT NULL,
	"area_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"typology_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"category_id" uuid,
	"period" text NOT NULL,
	"frequency" text NOT NULL,
	"takes_per_day" integer DEFAULT 1 NOT NULL,
	"manual_completion" boolean DEFAULT false NOT NULL,
	"daily_disabled" boolean DEFAULT false NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "typologies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"area_access" text
);
--> statement-breakpoint
ALTER TABLE "register_closures" ADD CONSTRAINT "register_closures_register_id_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."registers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_items" ADD CONSTRAINT "register_items_template_id_register_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."register_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_items" ADD CONSTRAINT "register_items_section_id_register_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."register_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_locks" ADD CONSTRAINT "register_locks_register_id_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."registers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_logs" ADD CONSTRAINT "register_logs_register_id_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."registers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_sections" ADD CONSTRAINT "register_sections_template_id_register_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."register_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registers" ADD CONSTRAINT "registers_template_id_register_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."register_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "register_closures_path_idx" ON "register_closures" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "register_closures_key" ON "register_closures" USING btree ("register_id","kind","start_day");--> statement-breakpoint
CREATE INDEX "register_items_path_idx" ON "register_items" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "register_items_section_idx" ON "register_items" USING btree ("section_id","kind","position");--> statement-breakpoint
CREATE INDEX "register_items_template_idx" ON "register_items" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "register_locks_path_idx" ON "register_locks" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "register_logs_path_idx" ON "register_logs" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "register_logs_take_key" ON "register_logs" USING btree ("register_id","facility_id","slot","take");--> statement-breakpoint
CREATE INDEX "register_logs_register_slot_idx" ON "register_logs" USING btree ("register_id","slot");--> statement-breakpoint
CREATE INDEX "register_logs_out_of_range_idx" ON "register_logs" USING btree ("register_id") WHERE "register_logs"."out_of_range";--> statement-breakpoint
CREATE INDEX "register_sections_path_idx" ON "register_sections" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "register_sections_template_idx" ON "register_sections" USING btree ("template_id","position");--> statement-breakpoint
CREATE INDEX "register_templates_category_id_idx" ON "register_templates" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "register_templates_position_idx" ON "register_templates" USING btree ("position");--> statement-breakpoint
CREATE INDEX "register_templates_path_idx" ON "register_templates" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "register_templates_name_idx" ON "register_templates" USING btree ("name");--> statement-breakpoint
CREATE INDEX "register_templates_created_idx" ON "register_templates" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "registers_path_idx" ON "registers" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "registers_client_idx" ON "registers" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "registers_template_idx" ON "registers" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "registers_name_idx" ON "registers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "registers_area_access_idx" ON "registers" USING btree ("area_access");--> statement-breakpoint
CREATE INDEX "typologies_area_access_idx" ON "typologies" USING btree ("area_access");--> statement-breakpoint
CREATE INDEX "typologies_path_idx" ON "typologies" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "typologies_name_idx" ON "typologies" USING btree ("name");--> statement-breakpoint
CREATE INDEX "typologies_created_idx" ON "typologies" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "typologies_space_name_key" ON "typologies" USING btree ("space_id",lower("name"));--> statement-breakpoint
SELECT audit_enable_rls('register_templates', 'catalogue');
--> statement-breakpoint
SELECT audit_enable_rls('register_sections', 'catalogue');
--> statement-breakpoint
SELECT audit_enable_rls('register_items', 'catalogue');
--> statement-breakpoint
SELECT audit_enable_rls('typologies', 'catalogue');
--> statement-breakpoint
SELECT audit_enable_rls('registers', 'tenant');
--> statement-breakpoint
SELECT audit_enable_rls('register_logs', 'tenant');
--> statement-breakpoint
SELECT audit_enable_rls('register_closures', 'tenant');
--> statement-breakpoint
SELECT audit_enable_rls('register_locks', 'tenant');
