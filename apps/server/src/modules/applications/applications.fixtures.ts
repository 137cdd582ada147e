import { crc32 } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { TestUser } from '../../../test/helpers.js';
import { multipart } from '../questions/questions.fixtures.js';

/** A small, well-formed PDF. */
export const RESUME_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A zip of stored (uncompressed) entries. */
export function makeZip(entries: Array<{ name: string; data: string }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const data = Buffer.from(e.data);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** A minimal Word document (DOCX): what file-type reads as one. */
export const RESUME_DOCX = makeZip([
  {
    name: '[Content_Types].xml',
    data: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  },
  {
    name: 'word/document.xml',
    data: '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>CV</w:t></w:r></w:p></w:body></w:document>',
  },
]);

/** POST /api/jobs/{id}/applications as the web form sends it. */
export async function applyTo(
  app: FastifyInstance,
  who: TestUser | null,
  jobId: string,
  form: {
    coverNote?: string;
    answers?: unknown;
    resume?: { name: string; data: Buffer } | null;
  } = {},
) {
  const fields: Record<string, string> = {};
  if (form.coverNote !== undefined) fields.coverNote = form.coverNote;
  if (form.answers !== undefined)
    fields.answers = typeof form.answers === 'string' ? form.answers : JSON.stringify(form.answers);
  const resume = form.resume === undefined ? { name: 'CV.pdf', data: RESUME_PDF } : form.resume;
  const mp = await multipart(fields, resume ? { field: 'resume', ...resume } : undefined);
  return app.inject({
    method: 'POST',
    url: `/api/jobs/${jobId}/applications`,
    headers: { ...(who ? who.auth : {}), ...mp.headers },
    payload: mp.payload,
  });
}
