CREATE TABLE "idea_counts" (
	"category" text PRIMARY KEY NOT NULL,
	"visible" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "idea_counts_visible_check" CHECK ("idea_counts"."visible" >= 0)
);
