-- Applications on the site and a listing's life. A job is approved (listed) until it expires
-- (expires_at, set on approval to JOB_LISTING_DAYS later) or its poster marks it filled; both stay
-- public but leave the listing — the counters of 0015/0017 count only status 'approved', so they
-- follow without a change. Jobs approved before this had no expiry: they get the default 30 days
-- from the upgrade, so no listing disappears the moment the new version starts.
ALTER TABLE jobs DROP CONSTRAINT IF EXISTS jobs_status_check;
--> statement-breakpoint
ALTER TABLE jobs ADD CONSTRAINT jobs_status_check CHECK (status IN ('pending', 'approved', 'rejected', 'expired', 'filled'));
--> statement-breakpoint
ALTER TABLE jobs ADD COLUMN screening_questions jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE jobs ADD COLUMN expires_at timestamp with time zone;
--> statement-breakpoint
ALTER TABLE jobs ADD COLUMN expiry_warned_at timestamp with time zone;
--> statement-breakpoint
ALTER TABLE jobs ADD COLUMN filled_at timestamp with time zone;
--> statement-breakpoint
UPDATE jobs SET expires_at = now() + interval '30 days' WHERE status = 'approved';
--> statement-breakpoint
CREATE INDEX jobs_expiry_idx ON jobs USING btree (expires_at) WHERE status = 'approved';
--> statement-breakpoint
CREATE TABLE job_applications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  job_id uuid NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  applicant_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status text DEFAULT 'submitted' NOT NULL,
  cover_note text,
  resume_key text,
  resume_original_name text,
  resume_size integer,
  resume_mimetype text,
  answers jsonb DEFAULT '[]'::jsonb NOT NULL,
  screened_out boolean DEFAULT false NOT NULL,
  history jsonb DEFAULT '[]'::jsonb NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT job_applications_status_check CHECK (status IN ('submitted', 'reviewed', 'shortlisted', 'interview', 'offer', 'hired', 'rejected', 'withdrawn')),
  CONSTRAINT job_applications_cover_note_check CHECK (char_length(cover_note) <= 2000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX job_applications_job_applicant_idx ON job_applications USING btree (job_id, applicant_id);
--> statement-breakpoint
CREATE INDEX job_applications_applicant_idx ON job_applications USING btree (applicant_id, created_at DESC NULLS FIRST, id DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX job_applications_job_idx ON job_applications USING btree (job_id, screened_out, created_at DESC NULLS FIRST, id DESC NULLS FIRST);
