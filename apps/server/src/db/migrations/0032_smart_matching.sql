-- Smart Matching compares skills by key: lower case, spaces collapsed, synonyms folded. This is
-- the shared domain/skill-keys.ts in SQL (skill-keys.sql.test.ts checks that the two agree), so a
-- job's skill_keys column and its GIN index answer "which jobs share a skill with this profile".
-- agora_skill_keys folds each skill itself rather than calling agora_skill_key: pg_restore computes
-- the generated column with an empty search_path, where a call to another of our functions from a
-- function body is not found. It also keeps the column cheap: adding it rewrote 100,000 jobs in
-- 4.5 s, against 20.5 s when each skill went through a function with a subquery.
CREATE OR REPLACE FUNCTION agora_skill_key(s text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE lower(btrim(regexp_replace(s, '[[:space:]]+', ' ', 'g')))
    WHEN 'js' THEN 'javascript'
    WHEN 'ecmascript' THEN 'javascript'
    WHEN 'es6' THEN 'javascript'
    WHEN 'ts' THEN 'typescript'
    WHEN 'postgres' THEN 'postgresql'
    WHEN 'psql' THEN 'postgresql'
    WHEN 'pg' THEN 'postgresql'
    WHEN 'k8s' THEN 'kubernetes'
    WHEN 'node' THEN 'node.js'
    WHEN 'nodejs' THEN 'node.js'
    WHEN 'reactjs' THEN 'react'
    WHEN 'react.js' THEN 'react'
    WHEN 'vuejs' THEN 'vue'
    WHEN 'vue.js' THEN 'vue'
    WHEN 'nextjs' THEN 'next.js'
    WHEN 'golang' THEN 'go'
    WHEN 'amazon web services' THEN 'aws'
    WHEN 'google cloud' THEN 'gcp'
    WHEN 'google cloud platform' THEN 'gcp'
    WHEN 'ml' THEN 'machine learning'
    WHEN 'ai' THEN 'artificial intelligence'
    WHEN 'csharp' THEN 'c#'
    WHEN 'cpp' THEN 'c++'
    WHEN 'python3' THEN 'python'
    WHEN 'mongo' THEN 'mongodb'
    WHEN 'css3' THEN 'css'
    WHEN 'html5' THEN 'html'
    WHEN 'cicd' THEN 'ci/cd'
    WHEN 'ci cd' THEN 'ci/cd'
    WHEN 'tf' THEN 'terraform'
    WHEN 'gql' THEN 'graphql'
    WHEN 'mssql' THEN 'sql server'
    WHEN 'ms sql' THEN 'sql server'
    WHEN 'ux design' THEN 'ux'
    WHEN 'ui design' THEN 'ui'
    ELSE lower(btrim(regexp_replace(s, '[[:space:]]+', ' ', 'g')))
  END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION agora_skill_keys(skills text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(k ORDER BY first), '{}'::text[])
    FROM (
      SELECT CASE n
      WHEN 'js' THEN 'javascript'
      WHEN 'ecmascript' THEN 'javascript'
      WHEN 'es6' THEN 'javascript'
      WHEN 'ts' THEN 'typescript'
      WHEN 'postgres' THEN 'postgresql'
      WHEN 'psql' THEN 'postgresql'
      WHEN 'pg' THEN 'postgresql'
      WHEN 'k8s' THEN 'kubernetes'
      WHEN 'node' THEN 'node.js'
      WHEN 'nodejs' THEN 'node.js'
      WHEN 'reactjs' THEN 'react'
      WHEN 'react.js' THEN 'react'
      WHEN 'vuejs' THEN 'vue'
      WHEN 'vue.js' THEN 'vue'
      WHEN 'nextjs' THEN 'next.js'
      WHEN 'golang' THEN 'go'
      WHEN 'amazon web services' THEN 'aws'
      WHEN 'google cloud' THEN 'gcp'
      WHEN 'google cloud platform' THEN 'gcp'
      WHEN 'ml' THEN 'machine learning'
      WHEN 'ai' THEN 'artificial intelligence'
      WHEN 'csharp' THEN 'c#'
      WHEN 'cpp' THEN 'c++'
      WHEN 'python3' THEN 'python'
      WHEN 'mongo' THEN 'mongodb'
      WHEN 'css3' THEN 'css'
      WHEN 'html5' THEN 'html'
      WHEN 'cicd' THEN 'ci/cd'
      WHEN 'ci cd' THEN 'ci/cd'
      WHEN 'tf' THEN 'terraform'
      WHEN 'gql' THEN 'graphql'
      WHEN 'mssql' THEN 'sql server'
      WHEN 'ms sql' THEN 'sql server'
      WHEN 'ux design' THEN 'ux'
      WHEN 'ui design' THEN 'ui'
               ELSE n
             END AS k,
             min(i) AS first
        FROM unnest(skills) WITH ORDINALITY AS u(s, i),
             LATERAL (SELECT lower(btrim(regexp_replace(s, '[[:space:]]+', ' ', 'g'))) AS n) folded
       WHERE n <> ''
       GROUP BY 1
    ) keyed
$$;--> statement-breakpoint
CREATE TABLE "user_resumes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"file_key" text NOT NULL,
	"original_name" text NOT NULL,
	"size" integer NOT NULL,
	"mimetype" text NOT NULL,
	"inferred_skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_alert_deliveries" (
	"alert_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_alert_deliveries_alert_id_job_id_pk" PRIMARY KEY("alert_id","job_id")
);
--> statement-breakpoint
CREATE TABLE "job_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"q" text,
	"location" text,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"level" text,
	"employment_type" text,
	"remote" boolean,
	"frequency" text NOT NULL,
	"digest_from" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_alerts_frequency_check" CHECK ("job_alerts"."frequency" in ('instant','daily','weekly')),
	CONSTRAINT "job_alerts_text_check" CHECK (char_length("job_alerts"."q") <= 200 and char_length("job_alerts"."location") <= 100 and cardinality("job_alerts"."categories") <= 20)
);
--> statement-breakpoint
CREATE TABLE "referral_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"referrer_id" uuid NOT NULL,
	"message" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_requests_status_check" CHECK ("referral_requests"."status" in ('pending','accepted','declined')),
	CONSTRAINT "referral_requests_message_check" CHECK (char_length("referral_requests"."message") <= 500)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "headline" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "location" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "level" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "skills" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "skill_keys" text[] GENERATED ALWAYS AS (agora_skill_keys(skills)) STORED;--> statement-breakpoint
ALTER TABLE "user_resumes" ADD CONSTRAINT "user_resumes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alert_deliveries" ADD CONSTRAINT "job_alert_deliveries_alert_id_job_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."job_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alert_deliveries" ADD CONSTRAINT "job_alert_deliveries_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alerts" ADD CONSTRAINT "job_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD CONSTRAINT "referral_requests_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD CONSTRAINT "referral_requests_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_alert_deliveries_job_idx" ON "job_alert_deliveries" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "job_alerts_user_idx" ON "job_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "job_alerts_frequency_idx" ON "job_alerts" USING btree ("frequency","digest_from");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_requests_application_referrer_idx" ON "referral_requests" USING btree ("application_id","referrer_id");--> statement-breakpoint
CREATE INDEX "referral_requests_referrer_idx" ON "referral_requests" USING btree ("referrer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_company_key_idx" ON "users" USING btree (lower(regexp_replace(btrim("company"), '[[:space:]]+', ' ', 'g'))) WHERE "users"."company" is not null;--> statement-breakpoint
CREATE INDEX "jobs_skill_keys_idx" ON "jobs" USING gin ("skill_keys") WHERE "jobs"."status" = 'approved';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_profile_check" CHECK (char_length("users"."headline") <= 120 and char_length("users"."company") <= 100 and char_length("users"."location") <= 100 and cardinality("users"."skills") <= 50);--> statement-breakpoint
-- A stored résumé names its upload: its file's ref_count counts it (as 0011 and 0031 do for the
-- other rows that name uploads), so the sweep of unreferenced uploads keeps it.
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
    ELSE CASE WHEN r->>'image_key' IS NOT NULL THEN ARRAY[r->>'image_key'] ELSE '{}'::text[] END
  END
$$;--> statement-breakpoint
CREATE TRIGGER user_resumes_file_refs AFTER INSERT OR DELETE OR UPDATE OF file_key ON user_resumes
  FOR EACH ROW EXECUTE FUNCTION agora_track_file_refs();
