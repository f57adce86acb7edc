CREATE TABLE "faqs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"question_es" text,
	"question_en" text,
	"answer_es" text,
	"answer_en" text,
	"audience" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"search_es" text DEFAULT '' NOT NULL,
	"search_en" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "faqs_path_idx" ON "faqs" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "faqs_position_idx" ON "faqs" USING btree ("position","id");--> statement-breakpoint
SELECT audit_enable_rls('faqs', 'catalogue');
