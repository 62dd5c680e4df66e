/**
 * Why a document could not be read, in words written for the caller (a library's own text never
 * reaches them: the engine's callers log it). Each reason is one error code of the contract.
 */
export type DocumentErrorCode = 'unsupported_document' | 'encrypted_document' | 'no_text' | 'unreadable_document' | 'payload_too_large';

export class DocumentError extends Error {
  override name = 'DocumentError';
  constructor(
    readonly code: DocumentErrorCode,
    message: string,
    readonly details: Record<string, number | string> = {},
  ) {
    super(message);
  }
}

/** What the service reads, for the messages that say what it does not. */
export const READABLE_FORMATS = 'PDF (with a text layer), DOCX, ODT, HTML, Markdown or plain text (UTF-8, or UTF-16 with a byte order mark)';

export const unreadable = (what: string) => new DocumentError('unreadable_document', `The file could not be read as ${what}: it is damaged, truncated or not what its first bytes say.`);

export const encrypted = () => new DocumentError('encrypted_document', 'The document is encrypted or protected by a password; send it without the protection.');

export const noText = (why: string) => new DocumentError('no_text', `${why} Scanned pages (images of text) are not read: send a document with a text layer.`);
