// Preloaded into the e2e server (NODE_OPTIONS=--import) by serverWithMovableClock in fixtures.ts:
// shifts the process's wall clock by the number of milliseconds in E2E_CLOCK_OFFSET_FILE, re-read
// every 100 ms.
// The hackathon journeys need time to pass (join ≥ 1 hour before the start, then submit while it
// runs), and so does the escrow journey (a reward's deadline passes); this moves the server's clock
// without any test-only code in the server itself.
import { readFileSync } from 'node:fs';

const file = process.env.E2E_CLOCK_OFFSET_FILE;
let offset = 0;
const read = () => {
  try {
    offset = Number(readFileSync(file, 'utf8').trim()) || 0;
  } catch {
    offset = 0;
  }
};
if (file) {
  read();
  setInterval(read, 100).unref();
  const RealDate = Date;
  // A function (not a subclass) so every Date stays a real Date (instanceof, structured clone).
  function ShiftedDate(...args) {
    if (!new.target) return new RealDate(RealDate.now() + offset).toString();
    return args.length === 0 ? new RealDate(RealDate.now() + offset) : new RealDate(...args);
  }
  ShiftedDate.now = () => RealDate.now() + offset;
  ShiftedDate.parse = RealDate.parse;
  ShiftedDate.UTC = RealDate.UTC;
  ShiftedDate.prototype = RealDate.prototype;
  globalThis.Date = ShiftedDate;
}
