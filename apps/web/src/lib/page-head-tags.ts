import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * The server puts a page's own head (canonical URL, Open Graph, JSON-LD, description) into the
 * HTML of /job/{id}, /idea/{id} and /hackathon/{id} for crawlers that run no script, each tag
 * marked data-page-head. Once the visitor moves to another page in the app those tags would
 * describe the wrong page: they are removed, and the site's own description comes back.
 */
export function dropServerPageHead(doc: Document = document): void {
  for (const el of doc.head.querySelectorAll('[data-page-head]')) el.remove();
  const description = doc.head.querySelector<HTMLMetaElement>(
    'meta[name="description"][data-site-description]',
  );
  if (description) {
    description.content = description.dataset.siteDescription ?? '';
    description.removeAttribute('data-site-description');
  }
}

/** Used once, by the shell: drops the server's page head on the first move away from the landing page. */
export function useServerPageHead(): void {
  const { pathname } = useLocation();
  const landing = useRef<string | null>(pathname);
  useEffect(() => {
    if (landing.current !== null && pathname !== landing.current) {
      landing.current = null;
      dropServerPageHead();
    }
  }, [pathname]);
}
