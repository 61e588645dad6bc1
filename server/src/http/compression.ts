/**
 * How dynamic answers are compressed: @fastify/compress per request, and the catalogue's answer
 * cache once per cached answer. Brotli at quality 5 and gzip at level 6 cost little CPU (brotli's
 * default of 11 is tens of times slower for a few per cent smaller JSON); bodies under 1 KB are
 * sent as they are.
 */
import zlib from 'node:zlib';

export const COMPRESSION = {
  threshold: 1024,
  brotliQuality: 5,
  gzipLevel: 6,
} as const;

export const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: COMPRESSION.brotliQuality,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};
export const GZIP_OPTIONS: zlib.ZlibOptions = { level: COMPRESSION.gzipLevel };

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to answer with, from an Accept-Encoding header: br, then gzip, by their q-values
 * (br wins a tie); `*` stands for any encoding not named; q=0 refuses one.
 */
export function preferredEncoding(header: string | string[] | undefined): ContentEncoding {
  if (!header) return 'identity';
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [token = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!token) continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(token === 'x-gzip' ? 'gzip' : token, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}
