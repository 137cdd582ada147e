import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useServerPageHead } from './page-head-tags';

// As the server writes /job/{id}'s head (apps/server lib/page-head.ts).
const SERVER_HEAD = `
  <meta name="description" content="Run the platform." data-site-description="Agora — the site." />
  <link rel="canonical" href="https://agora.example/job/1" data-page-head />
  <meta property="og:title" content="Platform Engineer" data-page-head />
  <meta property="og:url" content="https://agora.example/job/1" data-page-head />
  <script type="application/ld+json" id="job-posting-ld" data-page-head>{}</script>
  <meta name="viewport" content="width=device-width" />`;

let go: (to: string) => void = () => {};
function Shell() {
  useServerPageHead();
  go = useNavigate();
  return null;
}

describe('the server page head', () => {
  beforeEach(() => {
    document.head.innerHTML = SERVER_HEAD;
  });
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('stays while the visitor is on the page it describes, and goes when they move on', async () => {
    const router = createMemoryRouter([{ path: '*', element: <Shell /> }], { initialEntries: ['/job/1'] });
    render(<RouterProvider router={router} />);
    expect(document.querySelector('link[rel="canonical"]')).not.toBeNull();
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Run the platform.',
    );

    await act(async () => go('/job/1?tab=apply'));
    expect(document.querySelector('link[rel="canonical"]')).not.toBeNull();

    await act(async () => go('/jobhubs'));
    expect(document.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.querySelectorAll('meta[property^="og:"]')).toHaveLength(0);
    expect(document.getElementById('job-posting-ld')).toBeNull();
    const description = document.querySelector('meta[name="description"]')!;
    expect(description.getAttribute('content')).toBe('Agora — the site.');
    expect(description.hasAttribute('data-site-description')).toBe(false);
    // Tags of the app's own stay.
    expect(document.querySelector('meta[name="viewport"]')).not.toBeNull();
  });
});
