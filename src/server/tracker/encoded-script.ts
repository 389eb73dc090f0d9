import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** A script as served: its bytes, compressed once for every request, and its validator. */
export interface EncodedScript {
  /** The strong validator of the identity bytes; each compressed form adds a suffix. */
  hash: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Compresses a script once, off the event loop (zlib runs in libuv's thread pool). Brotli quality 11
 * takes over a second on 1 MB, fine for the tracker built at start; `quality` 5 is as small as gzip -9
 * in 2% of that time, for config bodies that change whenever a test starts or stops.
 */
export async function encodeScript(text: string, quality = constants.BROTLI_MAX_QUALITY): Promise<EncodedScript> {
  const identity = Buffer.from(text);
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipped(identity),
  ]);
  return { hash: createHash('sha256').update(identity).digest('base64url').slice(0, 27), identity, br, gzip: gz };
}

const ENCODINGS = ['br', 'gzip', 'identity'] as const;
type Encoding = (typeof ENCODINGS)[number];
const etagOf = (script: EncodedScript, encoding: Encoding) =>
  `"${script.hash}${encoding === 'identity' ? '' : `-${encoding}`}"`;

/** Whether If-None-Match names this script in any encoding (the bytes a browser keeps are the same). */
function unchanged(script: EncodedScript, ifNoneMatch: string | undefined): boolean {
  if (!ifNoneMatch) return false;
  const tags = new Set(ENCODINGS.map((e) => etagOf(script, e)));
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tags.has(tag);
  });
}

/**
 * Sends a prepared script: brotli or gzip as Accept-Encoding allows, with an ETag, or 304 when the
 * browser already holds it. Content type and caching headers are the caller's.
 */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, script: EncodedScript) {
  const accepted = request.headers['accept-encoding'];
  const encoding: Encoding = (accepted ? negotiate(accepted, [...ENCODINGS]) : null) ?? 'identity';
  reply.header('vary', 'Accept-Encoding').header('etag', etagOf(script, encoding));
  if (unchanged(script, request.headers['if-none-match'])) return reply.status(304).send();
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(script[encoding]);
}
