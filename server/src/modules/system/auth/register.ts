import {
  AUTH_MSG,
  customerRegisterBody,
  LICENCE_MAX_BYTES,
  passwordResetBody,
  phoneVerificationBody,
  REVIEW_STATE,
  registerBody,
  USER_TYPE,
} from '@freight/contracts';
import { and, eq, getTableName } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hashPassword } from '../../../platform/auth/crypto.ts';
import { clearFailures } from '../../../platform/auth/lockout.ts';
import { revokeUserTokens } from '../../../platform/auth/session.ts';
import type { AppContext } from '../../../platform/context.ts';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/columns.ts';
import { ok, okMessage } from '../../../platform/http/envelope.ts';
import { badRequest, bizError } from '../../../platform/http/errors.ts';
import { listTotalsOf } from '../../../platform/resource/countCache.ts';
// A shipper's self-registration creates the customer and its admin login together.
import { pendingCountsChanged } from '../../freight/pendingCounters.ts';
import { hyCustomer, hyCustomerAdmin } from '../../freight/schema.ts';
import { sniffAllowedType } from '../common/fileTypes.ts';
import { sysRole, sysUser, sysUserRole } from '../schema.ts';
import { findUserById } from '../user/service.ts';
import { usersByPhone } from './loginFlow.ts';
import { revokeRememberKeys } from './remember.ts';
import { burnPasswordChangeTokens } from './scopedToken.ts';
import { consumeSmsCode } from './sms.ts';
import { consumeTicket, issueTicket } from './tickets.ts';

const RESET_TTL_MS = 10 * 60_000;
/** A licence is a picture (spec §5: image uploads accept only images). */
const LICENCE_TYPES = new Set(['jpg', 'png', 'webp', 'bmp', 'gif']);

async function roleId(db: DbOrTx, code: string): Promise<string | undefined> {
  const [row] = await db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.roleCode, code)).limit(1);
  return row?.id;
}

async function usernameTaken(db: DbOrTx, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(eq(sysUser.username, username))
    .limit(1);
  return Boolean(row);
}

export function registerRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  rateLimit: { max: number; timeWindow: number },
) {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { storage } = ctx;
  const publicWrite = { access: 'public' as const, rateLimit };

  /**
   * Self-registration of a customer staff account (userType 2, role customer, no customer yet: it sees
   * no customer data until a customer admin or the platform attaches it). The code (mode 1) is checked
   * first, so only the phone's holder learns whether the name or number is taken.
   */
  r.post('/sys/user/register', { config: publicWrite, schema: { body: registerBody } }, async (request) => {
    const { username, password, mobile, smscode } = request.body;
    if (!(await consumeSmsCode(db, mobile, '1', smscode))) throw bizError(AUTH_MSG.smsCodeInvalid);
    if (await usernameTaken(db, username)) throw bizError(AUTH_MSG.usernameTaken);
    if ((await usersByPhone(ctx, mobile)).length > 0) throw bizError(AUTH_MSG.mobileTaken);
    const hashed = await hashPassword(password);
    const customerRole = await roleId(db, 'customer');
    await db.transaction(async (tx) => {
      const id = newId();
      await tx.insert(sysUser).values({
        id,
        username,
        realname: username,
        password: hashed,
        passwordChangedAt: new Date(),
        phone: mobile,
        userType: USER_TYPE.customer,
        status: 1,
        createBy: 'register',
      });
      if (customerRole) await tx.insert(sysUserRole).values({ userId: id, roleId: customerRole });
    });
    return okMessage(AUTH_MSG.registerOk);
  });

  /** Forgot password, step 1: a mode-2 code proves the phone; answers the account and a reset token. */
  r.post(
    '/sys/user/phoneVerification',
    { config: publicWrite, schema: { body: phoneVerificationBody } },
    async (request) => {
      const { phone, smscode } = request.body;
      // No code is ever sent to an unknown number, so an unknown number fails here like a wrong code.
      if (!(await consumeSmsCode(db, phone, '2', smscode))) throw bizError(AUTH_MSG.smsCodeInvalid);
      const users = await usersByPhone(ctx, phone);
      if (users.length !== 1) throw bizError(AUTH_MSG.phoneAmbiguous);
      const resetToken = await issueTicket(db, 'pwd_reset', { userId: users[0].id, ttlMs: RESET_TTL_MS });
      return ok({ username: users[0].username, resetToken });
    },
  );

  /** Forgot password, step 2: sets the new password; every session and remember key of the user ends. */
  r.post(
    '/sys/user/passwordChange',
    { config: publicWrite, schema: { body: passwordResetBody } },
    async (request) => {
      const { username, password, resetToken } = request.body;
      const row = await consumeTicket(db, 'pwd_reset', resetToken);
      const user = row?.userId ? await findUserById(db, row.userId) : undefined;
      if (!user || user.username !== username || user.delFlag !== 0)
        throw bizError(AUTH_MSG.resetTokenInvalid);
      const hashed = await hashPassword(password);
      await db
        .update(sysUser)
        .set({ password: hashed, passwordChangedAt: new Date() })
        .where(eq(sysUser.id, user.id));
      await revokeUserTokens(db, [user.id]);
      await revokeRememberKeys(db, user.id);
      await burnPasswordChangeTokens(db, user.id);
      await clearFailures(db, user.username);
      return okMessage(AUTH_MSG.passwordReset);
    },
  );

  /**
   * A shipper registers its company: the customer in review state 1 (pending, counted in huozhuCount)
   * and its admin login (userType 6, linked through hy_customer_admin), in one transaction.
   * Multipart: the text fields and the licence image (file field `licence`) in one request, so a file
   * is stored only for a registration whose SMS code was right (the SMS limits bound the uploads), and
   * the stored path is chosen here: a registrant cannot point the record at someone else's file.
   */
  r.post('/customer/hyCustomer/register', { config: publicWrite }, async (request) => {
    if (!request.isMultipart()) throw badRequest(AUTH_MSG.licenceRequired);
    const fields: Record<string, string> = {};
    let licence: Buffer | null = null;
    try {
      for await (const part of request.parts({
        limits: { fileSize: LICENCE_MAX_BYTES, files: 1, fields: 20, fieldSize: 2_000 },
      })) {
        if (part.type === 'file') {
          const data = await part.toBuffer();
          if (part.fieldname === 'licence') licence = data;
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(AUTH_MSG.licenceTooLarge);
      if (code === 'FST_FILES_LIMIT_REACHED') throw badRequest(AUTH_MSG.licenceRequired);
      throw error;
    }
    const parsed = customerRegisterBody.safeParse(fields);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? '请求参数不正确');
    const body = parsed.data;
    if (!licence || licence.length === 0) throw badRequest(AUTH_MSG.licenceRequired);
    const type = await sniffAllowedType(licence, 'licence');
    if (!type || !LICENCE_TYPES.has(type.ext)) throw badRequest(AUTH_MSG.licenceNotImage);

    if (!(await consumeSmsCode(db, body.mobile, '1', body.smscode))) throw bizError(AUTH_MSG.smsCodeInvalid);
    if (await usernameTaken(db, body.username)) throw bizError(AUTH_MSG.usernameTaken);
    const [sameCode] = await db
      .select({ id: hyCustomer.id })
      .from(hyCustomer)
      .where(and(eq(hyCustomer.tenantId, 0), eq(hyCustomer.creditCode, body.creditCode)))
      .limit(1);
    if (sameCode) throw bizError(AUTH_MSG.creditCodeTaken);
    const hashed = await hashPassword(body.password);
    const adminRole = await roleId(db, 'customer_admin');
    const customerId = newId();
    const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    const licenseImg = `customer/licence/${day}/${customerId}.${type.ext}`;
    await storage.save(licenseImg, licence);
    try {
      await db.transaction(async (tx) => {
        await tx.insert(hyCustomer).values({
          id: customerId,
          customerName: body.customerName,
          creditCode: body.creditCode,
          licenseImg,
          contactName: body.contactName,
          contactMobile: body.mobile,
          invoiceTitle: body.customerName,
          invoiceTaxNo: body.creditCode,
          state: REVIEW_STATE.pending,
          status: 1,
          createBy: body.username,
        });
        const userId = newId();
        await tx.insert(sysUser).values({
          id: userId,
          username: body.username,
          realname: body.contactName,
          password: hashed,
          passwordChangedAt: new Date(),
          phone: body.mobile,
          userType: USER_TYPE.customerAdmin,
          cid: customerId,
          status: 1,
          createBy: 'register',
        });
        await tx.insert(hyCustomerAdmin).values({ userId, customerId });
        if (adminRole) await tx.insert(sysUserRole).values({ userId, roleId: adminRole });
      });
    } catch (error) {
      // A concurrent registration of the same name or code won the race: the file goes with the attempt.
      await storage.remove(licenseImg).catch(() => undefined);
      throw error;
    }
    // The new pending shipper shows at once in the header counters and the customer list totals.
    listTotalsOf(db).invalidate(getTableName(hyCustomer));
    await pendingCountsChanged(ctx);
    return ok({ customerId, state: REVIEW_STATE.pending }, AUTH_MSG.customerRegisterOk);
  });
}
