import { type OverviewAlert, uploadsSiteCapAlert } from '@agora/shared';
import type { AppContext } from '../../context.js';
import { siteUploadsAlert } from '../../lib/uploads.js';

/** Bytes as an admin reads them: "640 KB", "48.2 MB", "2.1 GB". */
export function sizeText(bytes: number): string {
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? Math.ceil(v) : Number(v.toFixed(1))} ${units[i]}`;
}

/**
 * The uploads area's alerts on the admin overview: uploads waiting to be used or paid for past the
 * site-wide figure (UNCLAIMED_UPLOADS_MAX_MB). Reading it also starts the early sweep, once per hour
 * (lib/uploads.ts siteUploadsAlert), so the alert and the sweep never disagree.
 */
export async function uploadsOverviewAlerts(ctx: AppContext): Promise<OverviewAlert[]> {
  const site = await siteUploadsAlert(ctx);
  if (!site) return [];
  return [
    {
      code: 'UPLOADS_SITE_CAP',
      message: uploadsSiteCapAlert(sizeText(site.heldBytes), sizeText(site.siteBytes)),
    },
  ];
}
