CREATE TABLE "hackathon_judges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hackathon_id" uuid NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hackathon_scores" (
	"submission_id" uuid NOT NULL,
	"judge_id" uuid NOT NULL,
	"hackathon_id" uuid NOT NULL,
	"scores" jsonb NOT NULL,
	"comment" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hackathon_scores_submission_id_judge_id_pk" PRIMARY KEY("submission_id","judge_id")
);
--> statement-breakpoint
CREATE TABLE "hackathon_team_members" (
	"team_id" uuid NOT NULL,
	"hackathon_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hackathon_team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id"),
	CONSTRAINT "hackathon_team_members_role_check" CHECK ("hackathon_team_members"."role" in ('captain','member'))
);
--> statement-breakpoint
CREATE TABLE "hackathon_team_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"hackathon_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"email" text,
	"message" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "hackathon_team_requests_kind_check" CHECK ("hackathon_team_requests"."kind" in ('join','invite')),
	CONSTRAINT "hackathon_team_requests_status_check" CHECK ("hackathon_team_requests"."status" in ('pending','accepted','declined','cancelled')),
	CONSTRAINT "hackathon_team_requests_target_check" CHECK (("hackathon_team_requests"."kind" = 'join' and "hackathon_team_requests"."user_id" is not null) or ("hackathon_team_requests"."kind" = 'invite' and "hackathon_team_requests"."email" is not null))
);
--> statement-breakpoint
CREATE TABLE "hackathon_teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hackathon_id" uuid NOT NULL,
	"name" text NOT NULL,
	"looking_for_members" boolean DEFAULT true NOT NULL,
	"skills_wanted" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hackathon_votes" (
	"hackathon_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hackathon_votes_hackathon_id_user_id_pk" PRIMARY KEY("hackathon_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "hackathon_submissions" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "hackathon_submissions" ADD COLUMN "place" integer;--> statement-breakpoint
ALTER TABLE "hackathons" ADD COLUMN "max_team_size" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "hackathons" ADD COLUMN "criteria" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "hackathons" ADD COLUMN "results_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hackathons" ADD COLUMN "prize_state" text;--> statement-breakpoint
ALTER TABLE "hackathons" ADD COLUMN "prize_amount" bigint;--> statement-breakpoint
ALTER TABLE "hackathons" ADD COLUMN "prize_held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hackathons" ADD COLUMN "prize_settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hackathon_judges" ADD CONSTRAINT "hackathon_judges_hackathon_id_hackathons_id_fk" FOREIGN KEY ("hackathon_id") REFERENCES "public"."hackathons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hackathon_judges" ADD CONSTRAINT "hackathon_judges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hackathon_scores" ADD CONSTRAINT "hackathon_scores_submission_id_hackathon_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."hackathon_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hackathon_scores" ADD CONSTRAINT "hackathon_scores_judge_id_hackathon_judges_id_fk" FOREIGN KEY ("judge_id") REFERENCES "public"."hackathon_judges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hackathon_scores" ADD CONSTRAINT "hackathon_scores_hackathon_id_hackathons_id_fk" FOREIGN KEY ("hackathon_id") REFERENCES "public"."hackathons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hackathon_team_members" ADD CONSTRAINT "hackathon_team_members_team_id_hackathon_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."hackathon_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hackathon_team_members" ADD CONSTRAINT "hackathon_team_members_hackathon_id_hackathons_id_fk" FOREIGN KEY ("hackathon_id") REFERENCES "public"."hackathons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hackathon_team_members" ADD CONSTRAINT "hackathon_team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hackathon_team_requests" ADD CONSTRAINT "hackathon_team_requests_team_id_hackathon_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."hackathon_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hackathon_team_requests" ADD CONSTRAINT "hackathon_team_requests_hackathon_id_hackathons_id_fk" FOREIGN KEY ("hackathon_id") REFERENCES "public"."hackathons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hackathon_team_requests" ADD CONSTRAINT "hackathon_team_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hackathon_team_requests" ADD CONSTRAINT "hackathon_team_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hackathon_teams" ADD CONSTRAINT "hackathon_teams_hackathon_id_hackathons_id_fk" FOREIGN KEY ("hackathon_id") REFERENCES "public"."hackathons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hackathon_votes" ADD CONSTRAINT "hackathon_votes_hackathon_id_hackathons_id_fk" FOREIGN KEY ("hackathon_id") REFERENCES "public"."hackathons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hackathon_votes" ADD CONSTRAINT "hackathon_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hackathon_votes" ADD CONSTRAINT "hackathon_votes_submission_id_hackathon_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."hackathon_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hackathon_judges_email_key" ON "hackathon_judges" USING btree ("hackathon_id",lower("email"));--> statement-breakpoint
CREATE INDEX "hackathon_judges_user_idx" ON "hackathon_judges" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "hackathon_scores_hackathon_idx" ON "hackathon_scores" USING btree ("hackathon_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hackathon_team_members_one_team" ON "hackathon_team_members" USING btree ("hackathon_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hackathon_team_members_one_captain" ON "hackathon_team_members" USING btree ("team_id") WHERE "hackathon_team_members"."role" = 'captain';--> statement-breakpoint
CREATE INDEX "hackathon_team_members_user_idx" ON "hackathon_team_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hackathon_team_requests_one_pending_join" ON "hackathon_team_requests" USING btree ("team_id","user_id") WHERE "hackathon_team_requests"."status" = 'pending' and "hackathon_team_requests"."kind" = 'join';--> statement-breakpoint
CREATE UNIQUE INDEX "hackathon_team_requests_one_pending_invite" ON "hackathon_team_requests" USING btree ("team_id",lower("email")) WHERE "hackathon_team_requests"."status" = 'pending' and "hackathon_team_requests"."kind" = 'invite';--> statement-breakpoint
CREATE INDEX "hackathon_team_requests_user_idx" ON "hackathon_team_requests" USING btree ("user_id","hackathon_id") WHERE "hackathon_team_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "hackathon_team_requests_email_idx" ON "hackathon_team_requests" USING btree (lower("email")) WHERE "hackathon_team_requests"."status" = 'pending' and "hackathon_team_requests"."kind" = 'invite';--> statement-breakpoint
CREATE UNIQUE INDEX "hackathon_teams_name_key" ON "hackathon_teams" USING btree ("hackathon_id",lower("name"));--> statement-breakpoint
CREATE INDEX "hackathon_teams_hackathon_idx" ON "hackathon_teams" USING btree ("hackathon_id","created_at");--> statement-breakpoint
CREATE INDEX "hackathon_votes_submission_idx" ON "hackathon_votes" USING btree ("submission_id");--> statement-breakpoint
ALTER TABLE "hackathon_submissions" ADD CONSTRAINT "hackathon_submissions_team_id_hackathon_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."hackathon_teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hackathon_submissions_one_per_team" ON "hackathon_submissions" USING btree ("team_id") WHERE "hackathon_submissions"."team_id" is not null;--> statement-breakpoint
CREATE INDEX "hackathons_prize_held_idx" ON "hackathons" USING btree ("end_date") WHERE "hackathons"."prize_state" = 'held';--> statement-breakpoint
ALTER TABLE "hackathons" ADD CONSTRAINT "hackathons_max_team_size_check" CHECK ("hackathons"."max_team_size" between 1 and 10);--> statement-breakpoint
ALTER TABLE "hackathons" ADD CONSTRAINT "hackathons_prize_check" CHECK (("hackathons"."prize_state" is null and "hackathons"."prize_amount" is null) or ("hackathons"."prize_state" in ('held','paid','refunded') and "hackathons"."prize_amount" > 0 and "hackathons"."prize_held_at" is not null));