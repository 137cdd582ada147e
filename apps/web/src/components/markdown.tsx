import { Code, Typography } from '@mantine/core';
import type { AnchorHTMLAttributes, ImgHTMLAttributes } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import u from './utilities.module.css';

/** A link in user content (exported for its tests). */
export function MdLink({
  href,
  children,
  node: _node,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { node?: unknown }) {
  // A path on this site: one slash not followed by another slash or a backslash (browsers read "/\host"
  // like "//host": another site).
  const internal = typeof href === 'string' && /^\/(?![/\\])/.test(href);
  if (internal) {
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  }
  // User-written links: never pass our origin or rank to the target, never let it reach window.opener.
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow ugc" {...rest}>
      {children}
    </a>
  );
}

function MdImage({ src, alt, node: _node }: ImgHTMLAttributes<HTMLImageElement> & { node?: unknown }) {
  // Only our own uploads are shown inline; anything else becomes a link (no third-party tracking pixels).
  if (typeof src === 'string' && src.startsWith('/uploads/')) {
    return <img src={src} alt={alt ?? ''} loading="lazy" className={u.imgFluid} />;
  }
  return typeof src === 'string' ? <MdLink href={src}>{alt || src}</MdLink> : null;
}

const components: Components = {
  a: MdLink,
  img: MdImage,
  // User headings sit inside a page that has its own h1/h2: shift them down to keep the outline.
  h1: ({ children }) => <h3>{children}</h3>,
  h2: ({ children }) => <h4>{children}</h4>,
  h3: ({ children }) => <h5>{children}</h5>,
  h4: ({ children }) => <h6>{children}</h6>,
  code: ({ className, children }) => {
    const block = /language-/.test(className ?? '') || String(children).includes('\n');
    return block ? (
      // display:block — an inline <code> spanning lines paints each line's background over the one above.
      <Code block component="code" className={className} display="block">
        {String(children).replace(/\n$/, '')}
      </Code>
    ) : (
      <Code>{children}</Code>
    );
  },
  pre: ({ children }) => <pre className={u.preBlock}>{children}</pre>,
};

export interface MarkdownProps {
  children: string;
}

/**
 * Renders user-written Markdown safely: raw HTML is dropped (skipHtml), URLs pass react-markdown's
 * default transform (no javascript: or data: links), external links get rel="noopener nofollow".
 * GitHub-flavoured extras (tables, task lists, strikethrough, autolinks) via remark-gfm.
 * Import it from a lazy page: react-markdown is too heavy for the initial bundle.
 */
export function Markdown({ children }: MarkdownProps) {
  return (
    <Typography>
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
        {children}
      </ReactMarkdown>
    </Typography>
  );
}
