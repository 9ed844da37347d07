import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readBodyText } from './sandbox-http.ts';

/** A request body arriving in the given chunks (a stream stands in for the socket). */
function requestOf(...chunks: string[]): IncomingMessage & PassThrough {
  const stream = new PassThrough();
  queueMicrotask(() => {
    for (const chunk of chunks) stream.write(chunk);
    stream.end();
  });
  return stream as unknown as IncomingMessage & PassThrough;
}

describe('readBodyText', () => {
  it('joins the chunks as UTF-8 text, a body of exactly the limit in bytes included', async () => {
    const text = await readBodyText(requestOf('{"a":', '"é"}'), 10, () => new Error('too large'));
    expect(text).toBe('{"a":"é"}');
  });

  it('rejects with the sandbox’s own error past the limit and stops reading', async () => {
    const request = requestOf('12345', '67890');
    const tooLarge = new Error('The request body is too large.');
    await expect(readBodyText(request, 9, () => tooLarge)).rejects.toBe(tooLarge);
    expect(request.destroyed).toBe(true);
  });
});
