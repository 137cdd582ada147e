-- One list of job categories (packages/shared JOB_LISTING_CATEGORIES): the create form used to offer
-- a second list, so the listing's sidebar showed both "HR" and "Human Resources". Stored jobs are
-- mapped to the category each name became (JOB_CATEGORY_RENAMES; any other unknown value to
-- 'Other'). The row trigger on jobs (0015) moves each approved job's count to its new category in
-- job_counts, and job_counts' trigger (0017) moves it in job_open_counts; the emptied rows of the
-- old names are then dropped. Afterwards the table refuses any category outside the list.
UPDATE jobs SET category = CASE category
    WHEN 'Human Resources' THEN 'HR'
    WHEN 'Technology' THEN 'Engineering'
    WHEN 'Customer Service' THEN 'Customer Success'
    WHEN 'Management' THEN 'Operations'
    WHEN 'Consulting' THEN 'Business Development'
    WHEN 'Media' THEN 'Marketing'
    ELSE 'Other'
  END
 WHERE category NOT IN ('Engineering', 'Product', 'Design', 'Marketing', 'Sales', 'Operations', 'Data Science', 'DevOps', 'Security',
    'Business Development', 'Customer Success', 'Finance', 'HR', 'Legal', 'Other');
--> statement-breakpoint
DELETE FROM job_counts WHERE category NOT IN ('Engineering', 'Product', 'Design', 'Marketing', 'Sales', 'Operations', 'Data Science', 'DevOps', 'Security',
    'Business Development', 'Customer Success', 'Finance', 'HR', 'Legal', 'Other');
--> statement-breakpoint
DELETE FROM job_open_counts WHERE category NOT IN ('Engineering', 'Product', 'Design', 'Marketing', 'Sales', 'Operations', 'Data Science', 'DevOps', 'Security',
    'Business Development', 'Customer Success', 'Finance', 'HR', 'Legal', 'Other');
--> statement-breakpoint
ALTER TABLE jobs DROP CONSTRAINT IF EXISTS jobs_category_check;
--> statement-breakpoint
ALTER TABLE jobs ADD CONSTRAINT jobs_category_check CHECK (category IN ('Engineering', 'Product', 'Design', 'Marketing', 'Sales', 'Operations', 'Data Science', 'DevOps', 'Security',
    'Business Development', 'Customer Success', 'Finance', 'HR', 'Legal', 'Other'));
