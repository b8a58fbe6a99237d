CREATE TABLE "word_statuses" (
	"user_id" uuid NOT NULL,
	"language" text NOT NULL,
	"lemma" text NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "word_statuses_user_id_language_lemma_pk" PRIMARY KEY("user_id","language","lemma")
);
--> statement-breakpoint
ALTER TABLE "word_statuses" ADD CONSTRAINT "word_statuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "word_statuses_user_language_status_idx" ON "word_statuses" USING btree ("user_id","language","status");