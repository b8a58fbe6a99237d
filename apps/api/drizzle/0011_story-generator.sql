ALTER TABLE "stories" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stories_owner_idx" ON "stories" USING btree ("owner_id","created_at" DESC NULLS LAST) WHERE "stories"."owner_id" is not null;