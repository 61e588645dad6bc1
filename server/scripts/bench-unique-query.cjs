// autocannon's setupRequest for the "rendered" scenarios of bench-api.mjs: each request gets a query
// string of its own, so the page cache never has it and every request is rendered. A file (not a
// closure) so that autocannon's worker threads can load it; each worker counts from its own prefix.
'use strict';
const prefix = Math.random().toString(36).slice(2, 8);
let sent = 0;
module.exports = (request) => ({ ...request, path: `${request.path.split('?')[0]}?bench=${prefix}-${++sent}` });
