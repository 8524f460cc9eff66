// The frame a button's JS enhancement runs in. The console loads it with `sandbox="allow-scripts"` (no
// allow-same-origin), so it runs in an opaque origin: no cookie, storage, DOM or token of the console, and no
// network (connect-src 'none'). Its own policy allows `new Function` here only; the console's policy stays
// `script-src 'self'`. The one way out is postMessage to the parent, which answers a narrow API:
// read the form, set a field, show a message, call the form's own data API.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Where the console finds the frame (under the API base path). */
export const SANDBOX_PATH = '/online/sandbox/enhance.html';

// The runtime in the frame: waits for one `run`, exposes `api` to the script, reports `done`.
const RUNTIME = `
(function () {
  var parentWindow = window.parent;
  var pending = {};
  var seq = 0;
  var runId = null;
  var form = {};
  function post(message) { parentWindow.postMessage(message, '*'); }
  var api = Object.freeze({
    getForm: function () { return JSON.parse(JSON.stringify(form)); },
    setField: function (name, value) {
      form[String(name)] = value;
      post({ type: 'setField', runId: runId, name: String(name), value: value });
    },
    message: function (text, level) {
      post({ type: 'message', runId: runId, text: String(text), level: level === 'error' || level === 'warning' ? level : 'info' });
    },
    call: function (action, params) {
      var callId = ++seq;
      post({ type: 'call', runId: runId, callId: callId, action: String(action), params: params === undefined ? null : params });
      return new Promise(function (resolve, reject) { pending[callId] = { resolve: resolve, reject: reject }; });
    }
  });
  window.addEventListener('message', function (event) {
    if (event.source !== parentWindow) return;
    var data = event.data || {};
    if (data.type === 'callResult' && pending[data.callId]) {
      var p = pending[data.callId];
      delete pending[data.callId];
      if (data.ok) p.resolve(data.result); else p.reject(new Error(String(data.error)));
      return;
    }
    if (data.type !== 'run' || runId !== null) return;
    runId = data.runId;
    form = data.form || {};
    var finish = function (error) { post({ type: 'done', runId: runId, error: error ? String(error && error.message || error) : null }); };
    try {
      var script = new Function('api', '"use strict";return (async function(){' + String(data.code) + '\\n})();');
      Promise.resolve(script(api)).then(function () { finish(null); }, finish);
    } catch (error) {
      finish(error);
    }
  });
  post({ type: 'ready' });
})();
`;

const HASH = createHash('sha256').update(RUNTIME).digest('base64');
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>enhance</title></head><body><script>${RUNTIME}</script></body></html>`;
/** Only the runtime above and what it evaluates; nothing may be fetched, framed or submitted. */
export const SANDBOX_CSP = [
  "default-src 'none'",
  `script-src 'sha256-${HASH}' 'unsafe-eval'`,
  "connect-src 'none'",
  "form-action 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
].join('; ');

export function cgformSandboxRoutes(app: FastifyInstance): void {
  app.get(SANDBOX_PATH, { config: { access: 'public', audit: false } }, (_request, reply) =>
    reply
      .header('content-security-policy', SANDBOX_CSP)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(PAGE),
  );
}
