import { useEffect } from 'react';

/**
 * Puts structured data in the page as <script type="application/ld+json">. The CSP forbids inline
 * scripts, but a JSON-LD block is a data block the browser never executes, so it is created
 * through the DOM (no innerHTML, no eval) and removed when the page goes away. The server puts
 * the same block (same id) in the initial HTML of /job/{id} for crawlers that run no script: it is
 * replaced here, never duplicated.
 */
export function useJsonLd(id: string, data: Record<string, unknown> | null) {
  // "<" as \u003c (the same JSON value): user text such as "</script>" can never end the element
  // if the page is ever serialised and parsed again (prerendering, a saved page).
  const json = data ? JSON.stringify(data).replace(/</g, '\\u003c') : null;
  useEffect(() => {
    if (!json) return;
    document.getElementById(id)?.remove();
    const el = document.createElement('script');
    el.type = 'application/ld+json';
    el.id = id;
    el.textContent = json;
    document.head.appendChild(el);
    return () => el.remove();
  }, [id, json]);
}
