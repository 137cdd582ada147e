import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown, MdLink } from './markdown';

function html(md: string): HTMLElement {
  const { container } = render(
    <MantineProvider env="test">
      <Markdown>{md}</Markdown>
    </MantineProvider>,
  );
  return container;
}

describe('Markdown (user content)', () => {
  it('drops raw HTML instead of rendering it', () => {
    const c = html('Hello <img src=x onerror="alert(1)"> <script>alert(2)</script> **bold**');
    expect(c.querySelector('img')).toBeNull();
    expect(c.querySelector('script')).toBeNull();
    expect(c.querySelector('strong')?.textContent).toBe('bold');
  });

  it('neutralises javascript: links', () => {
    const c = html('[click](javascript:alert(1))');
    const a = c.querySelector('a');
    expect(a?.getAttribute('href') ?? '').not.toMatch(/javascript:/i);
  });

  it('opens external links in a new tab without opener, referrer or ranking', () => {
    const a = html('[site](https://example.com)').querySelector('a')!;
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')).toContain('noopener');
    expect(a.getAttribute('rel')).toContain('nofollow');
  });

  it('keeps internal links in the app', () => {
    const a = html('[idea](/idea/42)').querySelector('a')!;
    expect(a.getAttribute('href')).toBe('/idea/42');
    expect(a.getAttribute('target')).toBeNull();
  });

  it('treats protocol-relative and backslash links as external', () => {
    // react-markdown percent-encodes a backslash, so MdLink is also checked with the raw href.
    const raw = (href: string) =>
      render(
        <MdLink href={href} node={undefined}>
          x
        </MdLink>,
      ).container.querySelector('a')!;
    for (const a of [
      html('[x](//evil.example/a)').querySelector('a')!,
      raw('//evil.example/a'),
      raw('/\\evil.example/a'),
    ]) {
      expect(a.getAttribute('target'), a.getAttribute('href')!).toBe('_blank');
      expect(a.getAttribute('rel'), a.getAttribute('href')!).toContain('noopener');
    }
    expect(raw('/idea/42').getAttribute('target')).toBeNull();
  });

  it('shows only our own uploads inline; other images become links', () => {
    const c = html('![mine](/uploads/abc.png) ![theirs](https://tracker.example/p.gif)');
    const imgs = c.querySelectorAll('img');
    expect(imgs).toHaveLength(1);
    expect(imgs[0]!.getAttribute('src')).toBe('/uploads/abc.png');
    expect(c.querySelector('a[href="https://tracker.example/p.gif"]')?.textContent).toBe('theirs');
  });

  it('renders code blocks, tables (GFM) and shifts headings below the page outline', () => {
    const c = html('# Title\n\n```js\nconst a = 1;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(c.querySelector('h1')).toBeNull();
    expect(c.querySelector('h3')?.textContent).toBe('Title');
    expect(c.querySelector('pre code')?.textContent).toBe('const a = 1;');
    expect(c.querySelectorAll('td')).toHaveLength(2);
  });
});
