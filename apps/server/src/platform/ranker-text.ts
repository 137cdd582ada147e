// Small text toolkit for the built-in ranker: tokens, stop words and a light suffix stemmer.

const STOP_WORDS = new Set(
  `a about above after again against all am an and any are aren't as at be because been before being
  below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down
  during each few for from further had hadn't has hasn't have haven't having he he'd he'll he's her here
  here's hers herself him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself
  let's me more most mustn't my myself no nor not of off on once only or other ought our ours ourselves
  out over own same shan't she she'd she'll she's should shouldn't so some such than that that's the their
  theirs them themselves then there there's these they they'd they'll they're they've this those through
  to too under until up very was wasn't we we'd we'll we're we've were weren't what what's when when's
  where where's which while who who's whom why why's with won't would wouldn't you you'd you'll you're
  you've your yours yourself yourselves also just like get got really use using used one two way ways
  thing things will may might much many well etc e g ie eg want need know make best good better help
  please thanks thank anyone someone something anything question answer hi hello`
    .split(/\s+/)
    .filter(Boolean),
);

/** Lower-case words (letters and digits); keeps tokens like c++ / c# / node.js recognisable. */
export function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/c\+\+/g, 'cplusplus')
      .replace(/c#/g, 'csharp')
      .replace(/\.(js|ts|net)\b/g, '$1')
      .match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? []
  );
}

/** A light stemmer (plurals, -ing, -ed, -ly, a few derivational endings). Good enough for overlap. */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3) return w;
  if (w.endsWith("'s")) w = w.slice(0, -2);
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (/(xes|ches|shes|zes)$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);
  for (const suffix of [
    'ational',
    'ization',
    'fulness',
    'iveness',
    'ation',
    'ement',
    'ment',
    'ness',
    'ingly',
  ]) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 4) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  else if (w.endsWith('ly') && w.length > 4) w = w.slice(0, -2);
  // running → runn → run; stopped → stopp → stop
  if (/([^aeiouls])\1$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  if (w.endsWith('y') && w.length > 4) w = `${w.slice(0, -1)}i`;
  return w;
}

/** Content terms: words without stop words, stemmed. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) {
    if (STOP_WORDS.has(w) || (w.length < 2 && !/\d/.test(w))) continue;
    out.push(stem(w));
  }
  return out;
}

export function isStopWord(w: string): boolean {
  return STOP_WORDS.has(w);
}
