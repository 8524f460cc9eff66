// Runs a button's JS enhancement in the sandboxed frame the server serves (cgformSandbox.ts): an opaque
// origin without the console's token, storage or DOM. The frame can only post messages; this side answers a
// narrow API over the one form the button belongs to: read the row, set its fields, show a message, and call
// the form's own data routes (list, get, edit) or the button's SQL enhancement.
import { cgformDataPath } from '@freight/contracts';
import { API_BASE, api } from '../../services/request';

export const SANDBOX_URL = `${API_BASE}/online/sandbox/enhance.html`;
/** A script that neither finishes nor fails in this time is stopped (its frame removed). */
const RUN_TIMEOUT_MS = 15_000;

type Row = Record<string, unknown>;

export interface EnhanceRun {
  /** The form's id (head id), whose data routes the script may call. */
  headId: string;
  buttonCode: string;
  code: string;
  row: Row;
  onMessage: (text: string, level: 'info' | 'warning' | 'error') => void;
}

export interface EnhanceResult {
  /** Fields the script set, by name. */
  changed: Row;
  error: string | null;
}

interface FrameMessage {
  type?: string;
  runId?: string;
  callId?: number;
  name?: string;
  value?: unknown;
  text?: string;
  level?: string;
  action?: string;
  params?: unknown;
  error?: string | null;
}

const asObject = (value: unknown): Row =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Row) : {};

/** The form's own API, the only calls a script may make. */
async function callForm(run: EnhanceRun, action: string, params: unknown): Promise<unknown> {
  const base = cgformDataPath(run.headId);
  const p = asObject(params);
  switch (action) {
    case 'list':
      return api.get(`${base}/list`, p);
    case 'get':
      return api.get(`${base}/queryById`, { id: String(p.id ?? run.row.id ?? '') });
    case 'edit':
      return api.put(`${base}/edit`, { ...p, id: String(p.id ?? run.row.id ?? '') });
    case 'sql':
      return api.post(`/online/cgform/enhance/run/${run.headId}/${run.buttonCode}`, {
        id: String(p.id ?? run.row.id ?? ''),
      });
    default:
      throw new Error(`不支持的调用: ${action}`);
  }
}

export function runEnhancement(run: EnhanceRun): Promise<EnhanceResult> {
  return new Promise((resolve) => {
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.setAttribute('aria-hidden', 'true');
    frame.style.display = 'none';
    frame.dataset.testid = 'enhance-sandbox';
    const runId = Math.random().toString(36).slice(2);
    const changed: Row = {};
    let finished = false;
    const finish = (error: string | null) => {
      if (finished) return;
      finished = true;
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
      frame.remove();
      resolve({ changed, error });
    };
    const reply = (message: object) => frame.contentWindow?.postMessage(message, '*');
    function onMessage(event: MessageEvent) {
      // Only our frame, which has an opaque origin ('null'): nothing else may drive this API.
      if (event.source !== frame.contentWindow || event.origin !== 'null') return;
      const data = asObject(event.data) as FrameMessage;
      if (data.type === 'ready') {
        reply({ type: 'run', runId, code: run.code, form: JSON.parse(JSON.stringify(run.row)) });
        return;
      }
      if (data.runId !== runId) return;
      if (data.type === 'setField' && typeof data.name === 'string' && data.name in run.row) {
        changed[data.name] = data.value;
      } else if (data.type === 'message' && typeof data.text === 'string') {
        const level = data.level === 'error' || data.level === 'warning' ? data.level : 'info';
        run.onMessage(data.text.slice(0, 500), level);
      } else if (data.type === 'call' && typeof data.callId === 'number') {
        const callId = data.callId;
        callForm(run, String(data.action), data.params).then(
          (result) => reply({ type: 'callResult', callId, ok: true, result }),
          (error: unknown) => reply({ type: 'callResult', callId, ok: false, error: String(error) }),
        );
      } else if (data.type === 'done') {
        finish(typeof data.error === 'string' ? data.error : null);
      }
    }
    const timer = setTimeout(() => finish('脚本执行超时'), RUN_TIMEOUT_MS);
    window.addEventListener('message', onMessage);
    frame.src = SANDBOX_URL;
    document.body.appendChild(frame);
  });
}
