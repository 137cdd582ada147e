// Concept groups for the built-in ranker: words that name the same idea, or a tool that is the usual
// answer to a problem named by another word (debounce ↔ setTimeout/clearTimeout, slow query ↔ index).
// An answer that uses a word of a group the question uses is on topic even when it shares no word with
// the question. Kept small, hand-written and deterministic: a group must be specific enough that a word
// in it rarely appears in an unrelated question. Words are matched after the same stemming as the text.

export const CONCEPT_GROUPS: ReadonlyArray<{ label: string; words: readonly string[] }> = [
  // Programming
  {
    label: 'debounce',
    words: ['debounce', 'debounced', 'debouncing', 'throttle', 'setTimeout', 'clearTimeout', 'keystroke'],
  },
  {
    label: 'timers',
    words: ['timer', 'timeout', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
  },
  {
    label: 'React hooks',
    words: ['hook', 'useEffect', 'useState', 'useMemo', 'useCallback', 'useRef', 'useReducer', 'useContext'],
  },
  { label: 'rendering', words: ['render', 'rerender', 'useEffect', 'dependency', 'deps', 'setState'] },
  { label: 'React', words: ['react', 'jsx', 'useEffect', 'useState', 'props'] },
  {
    label: 'asynchronous code',
    words: ['async', 'await', 'promise', 'asynchronous', 'callback', 'then', 'concurrently', 'parallel'],
  },
  {
    label: 'HTTP requests',
    words: ['fetch', 'request', 'http', 'axios', 'xhr', 'ajax', 'response', 'endpoint'],
  },
  {
    label: 'query speed',
    words: [
      'slow',
      'speed',
      'faster',
      'performance',
      'index',
      'btree',
      'gin',
      'gist',
      'brin',
      'explain',
      'scan',
    ],
  },
  { label: 'indexes', words: ['index', 'btree', 'gin', 'gist', 'brin', 'expression'] },
  {
    label: 'duplicates',
    words: ['duplicate', 'dedupe', 'deduplicate', 'unique', 'distinct', 'fromkeys', 'uniq', 'repeated'],
  },
  { label: 'aggregation', words: ['count', 'group', 'having', 'aggregate', 'sum', 'tally'] },
  {
    label: 'highest values',
    words: ['highest', 'max', 'maximum', 'largest', 'greatest', 'top', 'desc', 'offset', 'limit', 'rank'],
  },
  {
    label: 'centering',
    words: ['center', 'centre', 'centered', 'middle', 'align', 'justify', 'flexbox', 'flex', 'grid', 'place'],
  },
  { label: 'CSS layout', words: ['css', 'flexbox', 'grid', 'display', 'margin', 'padding', 'layout'] },
  {
    label: 'finding a regression',
    words: ['bisect', 'regression', 'culprit', 'introduced', 'blame', 'broke'],
  },
  { label: 'undoing commits', words: ['undo', 'reset', 'revert', 'amend', 'reflog', 'uncommit', 'restore'] },
  { label: 'renaming', words: ['rename', 'renaming', 'mv', 'move'] },
  {
    label: 'ports and processes',
    words: ['port', 'lsof', 'netstat', 'ss', 'fuser', 'listen', 'listening', 'eaddrinuse', 'pid', 'kill'],
  },
  { label: 'regular expressions', words: ['regex', 'regexp', 'pattern', 'digit', 'validate', 'match'] },
  {
    label: 'image size',
    words: [
      'shrink',
      'smaller',
      'size',
      'slim',
      'alpine',
      'distroless',
      'multistage',
      'dockerignore',
      'bloat',
    ],
  },
  { label: 'dev dependencies', words: ['devdependencies', 'omit', 'prune', 'production'] },
  {
    label: 'optional fields',
    words: ['optional', 'partial', 'required', 'undefined', 'missing', 'nullable'],
  },
  {
    label: 'file age',
    words: ['older', 'age', 'mtime', 'ctime', 'atime', 'modified', 'maxage', 'retention', 'expire'],
  },
  { label: 'deleting files', words: ['delete', 'remove', 'rm', 'unlink', 'purge', 'cleanup'] },
  { label: 'scheduling', words: ['cron', 'crontab', 'nightly', 'schedule', 'scheduled', 'daily', 'systemd'] },
  { label: 'log files', words: ['log', 'logrotate', 'rotate', 'rotation'] },
  {
    label: 'large files',
    words: [
      'memory',
      'stream',
      'readline',
      'createReadStream',
      'chunk',
      'buffer',
      'pipe',
      'lazily',
      'iterator',
    ],
  },
  {
    label: 'Python packages',
    words: ['pip', 'venv', 'virtualenv', 'interpreter', 'conda', 'modulenotfounderror', 'pythonpath'],
  },
  { label: 'memory leaks', words: ['leak', 'heap', 'garbage', 'gc', 'retained', 'allocation'] },
  { label: 'cross-origin requests', words: ['cors', 'origin', 'preflight'] },
  { label: 'authentication', words: ['auth', 'login', 'jwt', 'token', 'session', 'cookie', 'oauth'] },
  { label: 'text encoding', words: ['encoding', 'utf8', 'unicode', 'charset', 'mojibake', 'ascii'] },
  { label: 'time zones', words: ['timezone', 'utc', 'offset', 'dst', 'tz'] },
  { label: 'merge conflicts', words: ['conflict', 'merge', 'rebase', 'mergetool'] },
  { label: 'certificates', words: ['https', 'ssl', 'tls', 'certificate', 'cert', 'letsencrypt', 'certbot'] },
  { label: 'configuration', words: ['env', 'environment', 'dotenv', 'config', 'variable'] },
  { label: 'caching', words: ['cache', 'caching', 'memoize', 'memoise', 'memo', 'ttl'] },
  { label: 'lookups', words: ['lookup', 'xlookup', 'vlookup', 'hlookup', 'index', 'match'] },
  // Money
  { label: 'margins', words: ['margin', 'profit', 'markup', 'cogs', 'revenue', 'cost', 'gross', 'net'] },
  { label: 'percentages', words: ['percent', 'percentage', 'ratio', 'rate'] },
  {
    label: 'compound interest',
    words: ['interest', 'compound', 'compounded', 'compounding', 'apr', 'apy', 'annual', 'yearly', 'grow'],
  },
  { label: 'taxes', words: ['tax', 'vat', 'gst', 'deduction', 'deductible', 'invoice', 'receipt'] },
  // Science and health
  {
    label: 'freezing point',
    words: [
      'freeze',
      'freezing',
      'melt',
      'melting',
      'thaw',
      'colligative',
      'solute',
      'dissolve',
      'brine',
      'antifreeze',
    ],
  },
  { label: 'salt', words: ['salt', 'nacl', 'sodium', 'chloride', 'brine'] },
  {
    label: 'boiling point',
    words: ['boil', 'boiling', 'pressure', 'altitude', 'elevation', 'atmospheric', 'vapour', 'vapor'],
  },
  { label: 'heart rate', words: ['heart', 'pulse', 'bpm', 'beat', 'bradycardia', 'tachycardia', 'resting'] },
  { label: 'blood pressure', words: ['hypertension', 'systolic', 'diastolic', 'mmhg'] },
  {
    label: 'sleep',
    words: [
      'sleep',
      'sleepy',
      'drowsy',
      'tired',
      'fatigue',
      'insomnia',
      'melatonin',
      'circadian',
      'bedtime',
      'nap',
    ],
  },
  {
    label: 'meals and blood sugar',
    words: ['meal', 'lunch', 'carb', 'carbohydrate', 'sugar', 'glucose', 'insulin', 'protein'],
  },
  { label: 'hydration', words: ['water', 'hydration', 'hydrated', 'dehydration', 'fluid', 'litre', 'liter'] },
  {
    label: 'exercise volume',
    words: ['hold', 'rep', 'reps', 'repetition', 'sets', 'seconds', 'duration', 'progression', 'progressive'],
  },
  {
    label: 'derivatives',
    words: ['derivative', 'differentiate', 'differentiation', 'dx', 'quotient'],
  },
  { label: 'fractions', words: ['fraction', 'numerator', 'denominator', 'halves', 'quarters', 'thirds'] },
  { label: 'tenses', words: ['tense', 'past', 'present', 'perfect', 'preterite', 'participle'] },
  // Making things
  {
    label: 'paint cracking',
    words: ['crack', 'cracking', 'craze', 'crazing', 'fat', 'lean', 'medium', 'linseed', 'underpainting'],
  },
  { label: 'paper buckling', words: ['buckle', 'buckling', 'cockle', 'warp', 'stretch', 'gsm', 'tape'] },
  {
    label: 'scaling a recipe',
    words: ['serving', 'servings', 'serves', 'portion', 'scale', 'multiply', 'double', 'halve', 'proportion'],
  },
  { label: 'stripped screws', words: ['stripped', 'extractor', 'rubber', 'grip', 'pliers', 'screw'] },
  { label: 'plants', words: ['water', 'watering', 'soil', 'drainage', 'overwatering', 'root', 'rot'] },
];
