CREATE TABLE "register_downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"register_id" uuid NOT NULL,
	"key" text NOT NULL,
	"status" text NOT NULL,
	"file_id" uuid,
	"version" text,
	"requested_by" uuid
);
--> statement-breakpoint
CREATE TABLE "register_missed_takes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"register_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"slot" date NOT NULL,
	"take" integer DEFAULT 1 NOT NULL,
	"window_end" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "register_downloads" ADD CONSTRAINT "register_downloads_register_id_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."registers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_missed_takes" ADD CONSTRAINT "register_missed_takes_register_id_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."registers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "register_downloads_path_idx" ON "register_downloads" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "register_downloads_key" ON "register_downloads" USING btree ("register_id","key");--> statement-breakpoint
CREATE INDEX "register_missed_takes_path_idx" ON "register_missed_takes" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "register_missed_takes_key" ON "register_missed_takes" USING btree ("register_id","facility_id","slot","take");--> statement-breakpoint
SELECT audit_enable_rls('register_missed_takes', 'tenant');
--> statement-breakpoint
SELECT audit_enable_rls('register_downloads', 'tenant');
