// The open API's signing, as the OpenAPI page (tag 开放接口) documents it.

export const OPENAPI_TAG = '开放接口';

export const OPENAPI_SIGNING_DOC = `企业应用（应用管理 → 企业应用）调用的开放接口，基础路径 \`/jeecg-boot/openapi/v1\`。

**签名**：每个请求带四个请求头——\`X-App-Key\`（应用的 App Key）、\`X-Timestamp\`（毫秒时间戳，与服务器相差不超过5分钟）、\`X-Nonce\`（8～64位字母数字，5分钟内不可重复）、\`X-Signature\`。签名串由五行组成，以 \`\\n\` 连接：请求方法（大写）、路径（含 \`/jeecg-boot\` 前缀和查询串，与请求行一致）、时间戳、随机串、请求体（原样字节，GET为空串）的 SHA-256 十六进制；\`X-Signature\` = HMAC-SHA256(App Secret, 签名串) 的十六进制。

签名错误、时间戳过期、随机串重复、App Key 无效答 401；应用停用、IP 不在白名单、缺少权限范围（orders:write、waybills:read、tracks:read）答 403；超过每分钟调用上限答 429。

\`\`\`js
import { createHash, createHmac, randomUUID } from 'node:crypto';

const appKey = 'ent_…', appSecret = '…';
const path = '/jeecg-boot/openapi/v1/orders';
const body = JSON.stringify({ goodsName: '钢材', plannedWeightG: 30000000, /* … */ });
const timestamp = String(Date.now());
const nonce = randomUUID().replaceAll('-', '');
const bodyHash = createHash('sha256').update(body).digest('hex');
const signature = createHmac('sha256', appSecret)
  .update(['POST', path, timestamp, nonce, bodyHash].join('\\n'))
  .digest('hex');
await fetch('https://平台域名' + path, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-app-key': appKey, 'x-timestamp': timestamp,
    'x-nonce': nonce, 'x-signature': signature },
  body,
});
\`\`\`

**回调（Webhook）**：应用设置了回调地址时，运单状态每次变化（派单、接单、装货、发车、卸货、签收、审核……）以 POST JSON 推送 \`{ id, event: "waybill.status_changed", occurredAt, data: { action, waybillId, shippingNoteNumber, status, previousStatus, … } }\`，请求头 \`X-App-Key\`、\`X-Webhook-Event\`、\`X-Webhook-Id\`、\`X-Timestamp\`、\`X-Signature\` = HMAC-SHA256(App Secret, 时间戳 + "\\n" + 请求体) 的十六进制。回应 2xx 视为送达，否则按 30秒、1分钟、2分钟……退避重试，最多8次；同一 \`id\` 可能送达多次，请按 \`id\` 去重。`;
