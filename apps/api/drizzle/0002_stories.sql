CREATE TABLE "chapter_lookups" (
	"user_id" uuid NOT NULL,
	"chapter_id" uuid NOT NULL,
	"word" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chapter_lookups_user_id_chapter_id_word_pk" PRIMARY KEY("user_id","chapter_id","word")
);
--> statement-breakpoint
CREATE TABLE "chapter_progress" (
	"user_id" uuid NOT NULL,
	"chapter_id" uuid NOT NULL,
	"story_id" uuid NOT NULL,
	"pages_completed" integer NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chapter_progress_user_id_chapter_id_pk" PRIMARY KEY("user_id","chapter_id")
);
--> statement-breakpoint
CREATE TABLE "chapters" (
	"id" uuid PRIMARY KEY NOT NULL,
	"story_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"title" jsonb NOT NULL,
	"pages_count" integer NOT NULL,
	"word_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"chapter_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"sentences" jsonb NOT NULL,
	CONSTRAINT "pages_chapter_id_number_pk" PRIMARY KEY("chapter_id","number")
);
--> statement-breakpoint
CREATE TABLE "reading_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"chapter_id" uuid,
	"seconds" integer NOT NULL,
	"local_day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"language" text NOT NULL,
	"level" text NOT NULL,
	"genre" text NOT NULL,
	"category" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"cover_svg" text NOT NULL,
	"chapters_count" integer NOT NULL,
	"pages_count" integer NOT NULL,
	"word_count" integer NOT NULL,
	"content_hash" text NOT NULL,
	"search_text" text NOT NULL,
	"sort_title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "story_favorites" (
	"user_id" uuid NOT NULL,
	"story_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_favorites_user_id_story_id_pk" PRIMARY KEY("user_id","story_id")
);
--> statement-breakpoint
ALTER TABLE "chapter_lookups" ADD CONSTRAINT "chapter_lookups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_lookups" ADD CONSTRAINT "chapter_lookups_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_progress" ADD CONSTRAINT "chapter_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_progress" ADD CONSTRAINT "chapter_progress_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_progress" ADD CONSTRAINT "chapter_progress_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_sessions" ADD CONSTRAINT "reading_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_sessions" ADD CONSTRAINT "reading_sessions_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_favorites" ADD CONSTRAINT "story_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_favorites" ADD CONSTRAINT "story_favorites_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chapter_lookups_chapter_idx" ON "chapter_lookups" USING btree ("chapter_id");--> statement-breakpoint
CREATE INDEX "chapter_progress_user_story_idx" ON "chapter_progress" USING btree ("user_id","story_id");--> statement-breakpoint
CREATE INDEX "chapter_progress_chapter_idx" ON "chapter_progress" USING btree ("chapter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chapters_story_number_key" ON "chapters" USING btree ("story_id","number");--> statement-breakpoint
CREATE INDEX "pages_sentences_idx" ON "pages" USING gin ("sentences" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "reading_sessions_user_day_idx" ON "reading_sessions" USING btree ("user_id","local_day");--> statement-breakpoint
CREATE INDEX "reading_sessions_user_chapter_idx" ON "reading_sessions" USING btree ("user_id","chapter_id");--> statement-breakpoint
CREATE INDEX "reading_sessions_chapter_idx" ON "reading_sessions" USING btree ("chapter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stories_slug_key" ON "stories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "stories_language_level_idx" ON "stories" USING btree ("language","level");--> statement-breakpoint
CREATE INDEX "stories_genre_idx" ON "stories" USING btree ("genre");--> statement-breakpoint
CREATE INDEX "stories_category_idx" ON "stories" USING btree ("category");--> statement-breakpoint
CREATE INDEX "stories_newest_idx" ON "stories" USING btree ("created_at" DESC NULLS LAST,"sort_title");--> statement-breakpoint
CREATE INDEX "story_favorites_story_idx" ON "story_favorites" USING btree ("story_id");