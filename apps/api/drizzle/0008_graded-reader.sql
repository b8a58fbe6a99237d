CREATE TABLE "comprehension_results" (
	"user_id" uuid NOT NULL,
	"chapter_id" uuid NOT NULL,
	"story_id" uuid NOT NULL,
	"attempts" integer NOT NULL,
	"best_score" smallint NOT NULL,
	"passed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "comprehension_results_user_id_chapter_id_pk" PRIMARY KEY("user_id","chapter_id")
);
--> statement-breakpoint
CREATE TABLE "daily_challenges" (
	"user_id" uuid NOT NULL,
	"local_day" date NOT NULL,
	"slot" smallint NOT NULL,
	"type" text NOT NULL,
	"target" integer NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "daily_challenges_user_id_local_day_slot_pk" PRIMARY KEY("user_id","local_day","slot")
);
--> statement-breakpoint
CREATE TABLE "graded_reader_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"board" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"points" integer NOT NULL,
	"local_day" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_totals" (
	"user_id" uuid NOT NULL,
	"board" text NOT NULL,
	"period" text NOT NULL,
	"points" integer NOT NULL,
	"country" text,
	"level" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "points_totals_user_id_board_period_pk" PRIMARY KEY("user_id","board","period")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "comprehension_results" ADD CONSTRAINT "comprehension_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comprehension_results" ADD CONSTRAINT "comprehension_results_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comprehension_results" ADD CONSTRAINT "comprehension_results_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_challenges" ADD CONSTRAINT "daily_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graded_reader_notices" ADD CONSTRAINT "graded_reader_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_totals" ADD CONSTRAINT "points_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comprehension_results_user_story_idx" ON "comprehension_results" USING btree ("user_id","story_id");--> statement-breakpoint
CREATE INDEX "daily_challenges_user_completed_idx" ON "daily_challenges" USING btree ("user_id","completed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "graded_reader_notices_user_key" ON "graded_reader_notices" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "graded_reader_notices_unseen_idx" ON "graded_reader_notices" USING btree ("user_id","seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_user_key" ON "points_ledger" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "points_ledger_user_day_idx" ON "points_ledger" USING btree ("user_id","local_day","kind");--> statement-breakpoint
CREATE INDEX "points_totals_world_idx" ON "points_totals" USING btree ("board","period","points");--> statement-breakpoint
CREATE INDEX "points_totals_country_idx" ON "points_totals" USING btree ("board","period","country","points");--> statement-breakpoint
CREATE INDEX "points_totals_level_idx" ON "points_totals" USING btree ("board","period","level","points");