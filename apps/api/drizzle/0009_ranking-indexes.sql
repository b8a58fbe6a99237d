DROP INDEX "points_totals_world_idx";--> statement-breakpoint
DROP INDEX "points_totals_country_idx";--> statement-breakpoint
DROP INDEX "points_totals_level_idx";--> statement-breakpoint
CREATE INDEX "points_totals_world_rank_idx" ON "points_totals" USING btree ("board","period","points" DESC NULLS FIRST,"user_id");--> statement-breakpoint
CREATE INDEX "points_totals_country_rank_idx" ON "points_totals" USING btree ("board","period","country","points" DESC NULLS FIRST,"user_id");--> statement-breakpoint
CREATE INDEX "points_totals_level_rank_idx" ON "points_totals" USING btree ("board","period","level","points" DESC NULLS FIRST,"user_id");--> statement-breakpoint
CREATE INDEX "users_deactivated_idx" ON "users" USING btree ("id") WHERE "users"."deactivated_at" is not null;