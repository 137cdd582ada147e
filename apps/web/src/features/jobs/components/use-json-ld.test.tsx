import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useJsonLd } from './use-json-ld';

function Page({ data }: { data: Record<string, unknown> | null }) {
  useJsonLd('job-posting-ld', data);
  return null;
}

afterEach(() => {
  for (const el of document.querySelectorAll('script[type="application/ld+json"]')) el.remove();
});

describe('useJsonLd', () => {
  it('replaces the block the server put in the initial HTML instead of adding a second', () => {
    const served = document.createElement('script');
    served.type = 'application/ld+json';
    served.id = 'job-posting-ld';
    served.textContent = '{"title":"from the server"}';
    document.head.appendChild(served);

    const view = render(<Page data={{ title: '</script>' }} />);
    const blocks = document.querySelectorAll('script[type="application/ld+json"]');
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.textContent).toBe('{"title":"\\u003c/script>"}');
    expect(JSON.parse(blocks[0]!.textContent!)).toEqual({ title: '</script>' });

    view.unmount();
    expect(document.getElementById('job-posting-ld')).toBeNull();
  });
});
