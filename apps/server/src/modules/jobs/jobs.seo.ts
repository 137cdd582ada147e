import { jobPostingJsonLd } from '@agora/shared';
import type { AppContext } from '../../context.js';
import { isUuid } from '../../lib/ids.js';
import { metaDescription, type PageHead } from '../../lib/page-head.js';
import { canSeeJob } from './jobs.policy.js';
import { presentJob } from './jobs.presenter.js';
import { findJobWithAuthor } from './jobs.repo.js';

/**
 * The head of /job/{id} as a visitor sees it (one lookup by primary key), or null when a visitor
 * gets no such page (unknown id, pending or rejected posting): that page answers 404. The
 * JobPosting data only while the job takes applications, as on the page itself.
 */
export async function jobPageHead(ctx: AppContext, id: string): Promise<PageHead | null> {
  const row = isUuid(id) ? await findJobWithAuthor(ctx.db, id) : undefined;
  if (!row || !canSeeJob(null, row.job)) return null;
  const job = presentJob(row, null, ctx.clock.now());
  const origin = ctx.config.publicUrl;
  const company = job.company.name?.trim();
  return {
    title: `${job.title}${company ? ` at ${company}` : ''} — Jobs Hub`,
    description: metaDescription(job.description),
    canonical: `${origin}/job/${job._id}`,
    ogType: 'website',
    ...(job.state === 'open'
      ? { jsonLd: { id: 'job-posting-ld', data: jobPostingJsonLd(job, origin) } }
      : {}),
  };
}
