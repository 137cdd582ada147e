/** At most this much text is read from a résumé: enough for any CV, bounded for any file. */
export const RESUME_TEXT_MAX_CHARS = 200_000;
/** Pages of a PDF that are read (a CV has a few; a 5 MB file may claim thousands). */
const MAX_PDF_PAGES = 40;
/** Reading gives up after this long; the file is still stored, with no skills found in it. */
export const RESUME_TEXT_TIMEOUT_MS = 10_000;

const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

class TimedOut extends Error {}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut()), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

async function pdfText(buffer: Buffer, deadline: number): Promise<string> {
  // Loaded on first use: most requests never read a résumé.
  const { getDocumentProxy } = await import('unpdf');
  // pdf.js may detach the buffer it is given: it reads a copy.
  const doc = await getDocumentProxy(new Uint8Array(buffer), { isEvalSupported: false, verbosity: 0 });
  try {
    let text = '';
    const pages = Math.min(doc.numPages, MAX_PDF_PAGES);
    for (let i = 1; i <= pages && text.length < RESUME_TEXT_MAX_CHARS; i++) {
      if (Date.now() > deadline) throw new TimedOut();
      const page = await doc.getPage(i);
      const content = await page.getTextContent();
      for (const item of content.items) {
        if ('str' in item) text += item.str + (item.hasEOL ? '\n' : ' ');
      }
      text += '\n';
      page.cleanup();
    }
    return text;
  } finally {
    await doc.destroy().catch(() => {});
  }
}

async function docxText(buffer: Buffer): Promise<string> {
  const { default: mammoth } = await import('mammoth');
  const { value } = await mammoth.extractRawText({ buffer });
  return value;
}

/**
 * The plain text of a résumé (PDF or DOCX, already typed by its bytes), at most
 * RESUME_TEXT_MAX_CHARS, or null when it cannot be read in time (damaged, encrypted, too complex).
 * Never logs the text: it is the applicant's.
 */
export async function resumeText(buffer: Buffer, mimetype: string): Promise<string | null> {
  const deadline = Date.now() + RESUME_TEXT_TIMEOUT_MS;
  let work: Promise<string>;
  if (mimetype === PDF) work = pdfText(buffer, deadline);
  else if (mimetype === DOCX) work = docxText(buffer);
  else return null;
  try {
    const text = await within(work, RESUME_TEXT_TIMEOUT_MS);
    return text.slice(0, RESUME_TEXT_MAX_CHARS);
  } catch {
    work.catch(() => {});
    return null;
  }
}
