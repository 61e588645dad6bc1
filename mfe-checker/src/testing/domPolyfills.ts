/**
 * Node globals that jsdom leaves out but react-router needs at import time. Import this first in
 * a test file (before anything that imports react-router-dom or @copytech/shared).
 */
import { TextDecoder, TextEncoder } from 'node:util';

const g = globalThis as Record<string, unknown>;
if (!g.TextEncoder) g.TextEncoder = TextEncoder;
if (!g.TextDecoder) g.TextDecoder = TextDecoder;
