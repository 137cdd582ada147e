CREATE TABLE "idea_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idea_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idea_attachments_kind_check" CHECK ("idea_attachments"."kind" in ('image','document'))
);
--> statement-breakpoint
CREATE TABLE "idea_collaboration_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idea_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "idea_collab_role_check" CHECK ("idea_collaboration_requests"."role" in ('collaborator','mentor','expert')),
	CONSTRAINT "idea_collab_status_check" CHECK ("idea_collaboration_requests"."status" in ('pending','accepted','declined'))
);
--> statement-breakpoint
CREATE TABLE "idea_follows" (
	"idea_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idea_follows_idea_id_user_id_pk" PRIMARY KEY("idea_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "idea_organizations" (
	"idea_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idea_organizations_idea_id_organization_id_pk" PRIMARY KEY("idea_id","organization_id")
);
--> statement-breakpoint
CREATE TABLE "idea_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idea_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"responder_id" uuid,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idea_responses_status_check" CHECK ("idea_responses"."status" in ('acknowledged','under-review','adopted','declined'))
);
--> statement-breakpoint
CREATE TABLE "idea_status_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idea_id" uuid NOT NULL,
	"actor_id" uuid,
	"status" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idea_status_events_status_check" CHECK ("idea_status_events"."status" in ('new','under-review','prototyping','launched','declined','merged'))
);
--> statement-breakpoint
CREATE TABLE "idea_team_members" (
	"idea_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idea_team_members_idea_id_user_id_pk" PRIMARY KEY("idea_id","user_id"),
	CONSTRAINT "idea_team_role_check" CHECK ("idea_team_members"."role" in ('collaborator','mentor','expert'))
);
--> statement-breakpoint
CREATE TABLE "organization_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "organization_claims_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "organization_members" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_members_organization_id_user_id_pk" PRIMARY KEY("organization_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"domain" text NOT NULL,
	"created_by" uuid,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_kind_check" CHECK ("organizations"."kind" in ('company','government','ngo')),
	CONSTRAINT "organizations_fields_check" CHECK (char_length("organizations"."name") between 2 and 120 and "organizations"."domain" = lower("organizations"."domain") and char_length("organizations"."domain") between 3 and 253)
);
--> statement-breakpoint
ALTER TABLE "wallet_transactions" DROP CONSTRAINT "wallet_transactions_type_check";--> statement-breakpoint
ALTER TABLE "ideas" DROP CONSTRAINT "ideas_counts_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "idea_comment_notifications" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "idea_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "purpose" text DEFAULT 'question' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "hackathon_id" uuid;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "hackathon_id" uuid;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "follower_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "merged_into" uuid;--> statement-breakpoint
ALTER TABLE "hackathons" ADD COLUMN "prize_split" jsonb;--> statement-breakpoint
ALTER TABLE "hackathons" ADD COLUMN "idea_id" uuid;--> statement-breakpoint
ALTER TABLE "idea_attachments" ADD CONSTRAINT "idea_attachments_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_attachments" ADD CONSTRAINT "idea_attachments_file_key_files_key_fk" FOREIGN KEY ("file_key") REFERENCES "public"."files"("key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_collaboration_requests" ADD CONSTRAINT "idea_collaboration_requests_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_collaboration_requests" ADD CONSTRAINT "idea_collaboration_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_follows" ADD CONSTRAINT "idea_follows_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_follows" ADD CONSTRAINT "idea_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_organizations" ADD CONSTRAINT "idea_organizations_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_organizations" ADD CONSTRAINT "idea_organizations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_responses" ADD CONSTRAINT "idea_responses_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_responses" ADD CONSTRAINT "idea_responses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_responses" ADD CONSTRAINT "idea_responses_responder_id_users_id_fk" FOREIGN KEY ("responder_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_status_events" ADD CONSTRAINT "idea_status_events_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_status_events" ADD CONSTRAINT "idea_status_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_team_members" ADD CONSTRAINT "idea_team_members_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_team_members" ADD CONSTRAINT "idea_team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_claims" ADD CONSTRAINT "organization_claims_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_claims" ADD CONSTRAINT "organization_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idea_attachments_idea_idx" ON "idea_attachments" USING btree ("idea_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "idea_attachments_file_idx" ON "idea_attachments" USING btree ("file_key");--> statement-breakpoint
CREATE UNIQUE INDEX "idea_collab_one_pending" ON "idea_collaboration_requests" USING btree ("idea_id","user_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "idea_collab_idea_idx" ON "idea_collaboration_requests" USING btree ("idea_id","created_at");--> statement-breakpoint
CREATE INDEX "idea_follows_user_idx" ON "idea_follows" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "idea_organizations_org_idx" ON "idea_organizations" USING btree ("organization_id","created_at" DESC NULLS FIRST,"idea_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "idea_responses_idea_idx" ON "idea_responses" USING btree ("idea_id","created_at");--> statement-breakpoint
CREATE INDEX "idea_status_events_idea_idx" ON "idea_status_events" USING btree ("idea_id","created_at");--> statement-breakpoint
CREATE INDEX "idea_team_members_user_idx" ON "idea_team_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "organization_claims_user_idx" ON "organization_claims" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "organization_members_user_idx" ON "organization_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_name_key" ON "organizations" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "organizations_domain_idx" ON "organizations" USING btree ("domain");--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_hackathon_id_hackathons_id_fk" FOREIGN KEY ("hackathon_id") REFERENCES "public"."hackathons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_hackathon_id_hackathons_id_fk" FOREIGN KEY ("hackathon_id") REFERENCES "public"."hackathons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ideas" ADD CONSTRAINT "ideas_merged_into_ideas_id_fk" FOREIGN KEY ("merged_into") REFERENCES "public"."ideas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hackathons" ADD CONSTRAINT "hackathons_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_idea_idx" ON "questions" USING btree ("idea_id") WHERE "questions"."idea_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_paid_per_hackathon" ON "payments" USING btree ("hackathon_id") WHERE status = 'paid';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_per_hackathon" ON "payments" USING btree ("hackathon_id") WHERE status = 'created';--> statement-breakpoint
CREATE INDEX "ideas_status_feed_idx" ON "ideas" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE hidden = false;--> statement-breakpoint
CREATE INDEX "hackathons_idea_idx" ON "hackathons" USING btree ("idea_id") WHERE "hackathons"."idea_id" is not null;--> statement-breakpoint
-- One idea category list: "Health" (the listing form's) is "Healthcare" (the share page's); any
-- value outside the list becomes "Other", so every stored idea stays findable under a sidebar entry.
-- The per-category counts follow through the ideas trigger; rows left at zero for old names go.
UPDATE "ideas" SET "category" = 'Healthcare' WHERE "category" = 'Health';--> statement-breakpoint
UPDATE "ideas" SET "category" = 'Other'
 WHERE "category" NOT IN ('Technology','Business','Education','Healthcare','Environment','Social Impact','Entertainment','Sports','Travel','Food','Fashion','Art','Science','Other');--> statement-breakpoint
DELETE FROM "idea_counts"
 WHERE "category" NOT IN ('Technology','Business','Education','Healthcare','Environment','Social Impact','Entertainment','Sports','Travel','Food','Fashion','Art','Science','Other')
   AND "visible" = 0;--> statement-breakpoint
-- Every idea's author follows it, as every new one's will.
INSERT INTO "idea_follows" ("idea_id", "user_id", "created_at") SELECT "id", "author_id", "created_at" FROM "ideas";--> statement-breakpoint
UPDATE "ideas" SET "follower_count" = 1;--> statement-breakpoint
-- Idea attachments hold their files (the uploads sweep never deletes a referenced file).
CREATE OR REPLACE FUNCTION agora_file_keys(tbl text, r jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE tbl
    WHEN 'answers' THEN ARRAY(
      SELECT DISTINCT e->>'filename'
        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(r->'attachments') = 'array' THEN r->'attachments' ELSE '[]'::jsonb END) e
       WHERE e->>'filename' IS NOT NULL)
    WHEN 'jobs' THEN CASE WHEN r->>'company_logo' LIKE '/uploads/%' THEN ARRAY[substr(r->>'company_logo', 10)] ELSE '{}'::text[] END
    WHEN 'hackathon_submissions' THEN CASE WHEN r->>'file_key' IS NOT NULL THEN ARRAY[r->>'file_key'] ELSE '{}'::text[] END
    WHEN 'job_applications' THEN CASE WHEN r->>'resume_key' IS NOT NULL THEN ARRAY[r->>'resume_key'] ELSE '{}'::text[] END
    WHEN 'user_resumes' THEN CASE WHEN r->>'file_key' IS NOT NULL THEN ARRAY[r->>'file_key'] ELSE '{}'::text[] END
    WHEN 'idea_attachments' THEN CASE WHEN r->>'file_key' IS NOT NULL THEN ARRAY[r->>'file_key'] ELSE '{}'::text[] END
    ELSE CASE WHEN r->>'image_key' IS NOT NULL THEN ARRAY[r->>'image_key'] ELSE '{}'::text[] END
  END
$$;--> statement-breakpoint
CREATE TRIGGER idea_attachments_file_refs AFTER INSERT OR DELETE OR UPDATE OF file_key ON idea_attachments
  FOR EACH ROW EXECUTE FUNCTION agora_track_file_refs();--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_check" CHECK ("payments"."purpose" in ('question','hackathon-prize'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_target_check" CHECK (("payments"."purpose" = 'question' and "payments"."hackathon_id" is null) or ("payments"."purpose" = 'hackathon-prize' and "payments"."question_id" is null and "payments"."hackathon_id" is not null));--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_type_check" CHECK ("wallet_transactions"."type" in ('reward','refund','withdrawal','hackathon-prize','other'));--> statement-breakpoint
ALTER TABLE "ideas" ADD CONSTRAINT "ideas_status_check" CHECK ("ideas"."status" in ('new','under-review','prototyping','launched','declined','merged'));--> statement-breakpoint
ALTER TABLE "ideas" ADD CONSTRAINT "ideas_merged_check" CHECK (("ideas"."status" = 'merged') = ("ideas"."merged_into" is not null));--> statement-breakpoint
ALTER TABLE "ideas" ADD CONSTRAINT "ideas_category_check" CHECK ("ideas"."category" in ('Technology','Business','Education','Healthcare','Environment','Social Impact','Entertainment','Sports','Travel','Food','Fashion','Art','Science','Other'));--> statement-breakpoint
ALTER TABLE "ideas" ADD CONSTRAINT "ideas_counts_check" CHECK ("ideas"."like_count" >= 0 and "ideas"."comment_count" >= 0 and "ideas"."views" >= 0 and "ideas"."follower_count" >= 0);