import path from 'node:path';
import { DEFAULT_BASE_PATH, SESSION_TTL_MS } from '@freight/contracts';
import type { LockoutPolicy } from './platform/auth/lockout.ts';
import type { S3Settings } from './platform/storage/s3Storage.ts';

export interface AppConfig {
  port: number;
  host: string;
  basePath: string;
  dataDir: string;
  /** PostgreSQL instead of the embedded PGlite when set. */
  databaseUrl?: string;
  /** The bearer token a Prometheus scraper sends to GET /metrics; unset, /metrics answers 401. */
  metricsToken?: string;
  redisUrl?: string;
  /**
   * Prefix of this deployment's Redis keys and pub/sub channel (REDIS_PREFIX, default `freight:`), so
   * deployments or test runs sharing one Redis never hear each other.
   */
  redisPrefix: string;
  loginCaptcha: boolean;
  tokenTtlMs: number;
  captchaTtlMs: number;
  /** Login attempts per IP per minute on the login routes. */
  loginRateLimitPerMinute: number;
  lockout: LockoutPolicy;
  /** Built console to serve at '/', when present. */
  webDist: string;
  logLevel: string;
  /** Seed the demo accounts and data into an empty database. */
  seedDemo: boolean;
  /** Orders of the demo seeded on a first start; unset, the full demo (about 340 waybills). */
  demoOrders: number | undefined;
  /** /sys/loginByUsername answers 406 when the password is older than this. */
  passwordMaxAgeDays: number;
  /** Full months the operation and login logs stay in sys_log before archiving (LOG_ONLINE_MONTHS, at least 6). */
  logOnlineMonths: number;
  /**
   * Years a person's records are kept by law after the last one, which refuse their deletion until then
   * (RETENTION_WAYBILL_YEARS, RETENTION_PAYMENT_YEARS, RETENTION_TAX_YEARS).
   */
  retention: RetentionYears;
  /** CAS server base URL (e.g. https://cas.example.com/cas); single sign-on is off without it. */
  casServerUrl?: string;
  /** Third-party OpenID Connect providers (one from OIDC_* settings). */
  oidcProviders: OidcProviderConfig[];
  /** Console page the third-party callback sends the browser back to. */
  consoleLoginPath: string;
  sms: SmsConfig;
  /** Run the scheduled jobs (sys_quartz_job) in this instance; off in tests unless a test starts them. */
  scheduler: boolean;
  /** S3-compatible object store for uploads (S3_BUCKET and S3_ENDPOINT set); local files without it. */
  s3?: S3Settings;
}

export interface RetentionYears {
  /** Waybills and their tracks (网络平台道路货物运输经营管理暂行办法: at least 3 years). */
  waybill: number;
  /** Payments to the person (bank payment records, 反洗钱 customer records: 5 years). */
  payment: number;
  /** Tax records filed for the person (税收征管法 accounting records: 10 years). */
  tax: number;
}

export interface OidcProviderConfig {
  /** Path segment of /thirdLogin/render/{provider}. */
  provider: string;
  name: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** Optional: without it the claims come from the id_token of the token response. */
  userinfoUrl?: string;
  clientId: string;
  clientSecret: string;
  /** This server's callback, as registered at the provider. */
  redirectUri: string;
  scope: string;
}

export interface SmsConfig {
  /**
   * queue: record in sys_sms and the log (default); aliyun: the Aliyun-style HTTP API; outbox: write each
   * message, codes included, to DATA_DIR/sms-outbox.jsonl (demos and tests without a gateway).
   */
  channel: 'queue' | 'aliyun' | 'outbox';
  aliyun: { endpoint: string; accessKeyId: string; accessKeySecret: string; signName: string };
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['false', '0', 'no', 'off'].includes(value.toLowerCase());
}

function int(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) ? parsed : fallback;
}

function oidcFromEnv(env: NodeJS.ProcessEnv): OidcProviderConfig[] {
  if (!env.OIDC_CLIENT_ID || !env.OIDC_AUTHORIZE_URL || !env.OIDC_TOKEN_URL || !env.OIDC_REDIRECT_URI)
    return [];
  return [
    {
      provider: env.OIDC_PROVIDER ?? 'oidc',
      name: env.OIDC_NAME ?? '第三方登录',
      authorizeUrl: env.OIDC_AUTHORIZE_URL,
      tokenUrl: env.OIDC_TOKEN_URL,
      userinfoUrl: env.OIDC_USERINFO_URL || undefined,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET ?? '',
      redirectUri: env.OIDC_REDIRECT_URI,
      scope: env.OIDC_SCOPE ?? 'openid profile phone',
    },
  ];
}

function s3FromEnv(env: NodeJS.ProcessEnv): S3Settings | undefined {
  if (!env.S3_BUCKET || !env.S3_ENDPOINT) return undefined;
  return {
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION ?? 'us-east-1',
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: flag(env.S3_FORCE_PATH_STYLE, true),
    prefix: env.S3_PREFIX ?? '',
  };
}

const repoRoot = path.resolve(import.meta.dirname, '../..');

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  return {
    port: int(env.PORT, 3000),
    host: env.HOST ?? '0.0.0.0',
    basePath: env.BASE_PATH ?? DEFAULT_BASE_PATH,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'freight:',
    metricsToken: env.METRICS_TOKEN || undefined,
    loginCaptcha: flag(env.LOGIN_CAPTCHA, true),
    tokenTtlMs: int(env.TOKEN_TTL_MS, SESSION_TTL_MS),
    captchaTtlMs: 60_000,
    loginRateLimitPerMinute: int(env.LOGIN_RATE_LIMIT, 60),
    lockout: {
      maxFailures: 5,
      windowMs: 10 * 60_000,
      lockMs: 10 * 60_000,
      captchaAfter: 5,
      ipMaxFailures: int(env.LOGIN_IP_MAX_FAILURES, 20),
    },
    webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    seedDemo: flag(env.SEED_DEMO, true),
    demoOrders: env.DEMO_ORDERS ? int(env.DEMO_ORDERS, 0) || undefined : undefined,
    passwordMaxAgeDays: int(env.PASSWORD_MAX_AGE_DAYS, 90),
    logOnlineMonths: Math.max(6, int(env.LOG_ONLINE_MONTHS, 6)),
    retention: {
      waybill: int(env.RETENTION_WAYBILL_YEARS, 3),
      payment: int(env.RETENTION_PAYMENT_YEARS, 5),
      tax: int(env.RETENTION_TAX_YEARS, 10),
    },
    casServerUrl: env.CAS_SERVER_URL?.replace(/\/+$/, '') || undefined,
    oidcProviders: oidcFromEnv(env),
    consoleLoginPath: env.CONSOLE_LOGIN_PATH ?? '/user/login',
    sms: {
      channel: env.SMS_CHANNEL === 'aliyun' || env.SMS_CHANNEL === 'outbox' ? env.SMS_CHANNEL : 'queue',
      aliyun: {
        endpoint: env.SMS_ALIYUN_ENDPOINT ?? 'https://dysmsapi.aliyuncs.com/',
        accessKeyId: env.SMS_ALIYUN_ACCESS_KEY_ID ?? '',
        accessKeySecret: env.SMS_ALIYUN_ACCESS_KEY_SECRET ?? '',
        signName: env.SMS_ALIYUN_SIGN_NAME ?? '',
      },
    },
    scheduler: flag(env.SCHEDULER, true),
    s3: s3FromEnv(env),
    ...overrides,
  };
}
