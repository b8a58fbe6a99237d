DROP INDEX "flashcards_deck_due_idx";--> statement-breakpoint
DROP INDEX "flashcards_deck_new_idx";--> statement-breakpoint
CREATE INDEX "flashcards_deck_due_idx" ON "flashcards" USING btree ("deck_id","due","id") WHERE "flashcards"."state" <> 0;--> statement-breakpoint
CREATE INDEX "flashcards_deck_new_idx" ON "flashcards" USING btree ("deck_id","created_at","id") WHERE "flashcards"."state" = 0;