CREATE TABLE "word_context_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"word" text NOT NULL,
	"sentence" text NOT NULL,
	"target_language" text NOT NULL,
	"word_translation" text NOT NULL,
	"definition" text NOT NULL,
	"translation" text NOT NULL,
	"model" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
