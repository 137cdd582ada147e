import { fileTypeFromBuffer } from 'file-type';

/** "WordDocument", the stream every Word 97–2003 file has, as it is named in a CFB directory entry. */
const WORD_DOCUMENT_STREAM = Buffer.from('WordDocument', 'utf16le');

/**
 * file-type reports every OLE compound file (.doc, but also .msi, .xls, .ppt…) as x-cfb; only a
 * Word document has a "WordDocument" stream, whose UTF-16LE name is in a directory sector.
 */
export function isWordCompoundFile(buffer: Buffer): boolean {
  return buffer.includes(WORD_DOCUMENT_STREAM);
}

/** A file name's extension, lower case, without the dot ('' when there is none). */
export function extensionOf(name: string): string {
  const i = name.lastIndexOf('.');
  return i > 0 ? name.slice(i + 1).toLowerCase() : '';
}

/**
 * The MIME type of a document upload when its bytes are one of `types` (MIME → the extensions its
 * name may have) and its name's extension agrees; otherwise null. Content decides (a renamed
 * executable is refused); an OLE compound file counts only as a Word document.
 */
export async function detectDocument(
  file: { buffer: Buffer; filename: string },
  types: Record<string, readonly string[]>,
  extensions: readonly string[],
): Promise<string | null> {
  const detected = await fileTypeFromBuffer(file.buffer);
  const ext = extensionOf(file.filename);
  const allowedExt = detected ? types[detected.mime] : undefined;
  if (!detected || !allowedExt?.includes(ext) || !extensions.includes(ext)) return null;
  if (detected.mime === 'application/x-cfb' && !isWordCompoundFile(file.buffer)) return null;
  return detected.mime;
}
