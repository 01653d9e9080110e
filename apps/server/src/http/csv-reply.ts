import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** The 200 answer of a CSV route, for its schema: a file, not JSON. */
export const CSV_FILE = {
  description: 'A CSV file (UTF-8 with a byte-order mark, CRLF line endings), sent as an attachment',
  content: { 'text/csv': { schema: z.string() } },
};

/** Sends a CSV document as a download under `fileName`; a spreadsheet of tenants is never cached. */
export function sendCsv(reply: FastifyReply, fileName: string, csv: string | Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

/** Sends a CSV written as it is read (`csvStream`): the first rows leave before the last are read. */
export function sendCsvStream(reply: FastifyReply, fileName: string, chunks: AsyncIterable<string>) {
  return sendCsv(reply, fileName, Readable.from(chunks));
}
