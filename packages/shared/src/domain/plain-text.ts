/**
 * A one-paragraph plain-text excerpt of Markdown, for previews where the Markdown is not rendered
 * (the rewards page, notifications): code keeps its text without backticks or fences, links and
 * images keep their text, list and quote markers, headings, emphasis, tables' pipes and HTML tags
 * go, and all whitespace becomes single spaces.
 */
export function markdownToPlainText(md: string): string {
  return (
    md
      .replace(/\r\n?/g, '\n')
      // escaped characters are text: park them where no rule below can see them
      .replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, (_, c: string) => `\uE000${c.charCodeAt(0)}\uE000`)
      // fenced code: keep the code, drop the fences and the language tag
      .replace(/^\s*(```|~~~)[^\n]*$/gm, '')
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
      .replace(/^\s{0,3}\[[^\]]+\]:\s*\S+.*$/gm, '')
      .replace(/<\/?[a-zA-Z][^>]*>/g, '')
      .replace(/^\s{0,3}#{1,6}\s+/gm, '')
      .replace(/^\s{0,3}(>\s?)+/gm, '')
      .replace(/^\s*([-*+]|\d+[.)])\s+(\[[ xX]\]\s+)?/gm, '')
      .replace(/^\s*([-*_]\s*){3,}$/gm, '')
      .replace(/^\s*\|?(\s*:?-+:?\s*\|)+\s*:?-*:?\s*$/gm, '')
      .replace(/\s*\|\s*/g, ' ')
      .replace(/`+([^`]*)`+/g, '$1')
      .replace(/`/g, '')
      .replace(/(\*\*|__)(?=\S)([^\n]*?\S)\1/g, '$2')
      .replace(/(^|[^\w*])([*_])(?=\S)([^\n*_]*?\S)\2(?=[^\w*]|$)/g, '$1$3')
      .replace(/~~(?=\S)([^\n]*?\S)~~/g, '$1')
      .replace(/\uE000(\d+)\uE000/g, (_, code: string) => String.fromCharCode(Number(code)))
      .replace(/\s+/g, ' ')
      .trim()
  );
}
