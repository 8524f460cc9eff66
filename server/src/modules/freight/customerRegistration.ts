import {
  AUTH_MSG,
  customerRegisterBody,
  LICENCE_MAX_BYTES,
  REVIEW_STATE,
  SMS_MODE,
  USER_TYPE,
} from '@freight/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../platform/auth/crypto.ts';
import type { AppContext } from '../../platform/context.ts';
import { newId } from '../../platform/db/columns.ts';
import { idsWhere } from '../../platform/db/idsWhere.ts';
import { tablesWritten } from '../../platform/db/tableWrites.ts';
import { ok } from '../../platform/http/envelope.ts';
import { badRequest, bizError } from '../../platform/http/errors.ts';
import {
  consumeSmsCode,
  randomStoredName,
  recordFile,
  roleIdByCode,
  sniffAllowedType,
  sysUser,
  sysUserRole,
  usernameTaken,
} from '../system/index.ts';
import { pendingCountsChanged } from './pendingCounters.ts';
import { hyCustomer, hyCustomerAdmin } from './schema.ts';

/** A licence is a picture: a registrant cannot upload a document or a script in its place. */
const LICENCE_TYPES = new Set(['jpg', 'png', 'webp', 'bmp', 'gif']);

/** A shipper's self-registration: the customer and its admin login, created together. */
export function customerRegistrationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, storage } = ctx;
  // The same per-IP limit as every other sign-in door: the SMS code is the only secret here.
  const publicWrite = {
    access: 'public' as const,
    rateLimit: { max: ctx.config.loginRateLimitPerMinute, timeWindow: 60_000 },
  };

  /**
   * A shipper registers its company: the customer in review state 1 (pending, counted in huozhuCount)
   * and its admin login (userType 6, linked through hy_customer_admin), in one transaction.
   * Multipart: the text fields and the licence image (file field `licence`) in one request, so a file
   * is stored only for a registration whose SMS code was right (the SMS limits bound the uploads), and
   * the stored path is chosen here: a registrant cannot point the record at someone else's file.
   */
  app.post('/customer/hyCustomer/register', { config: publicWrite }, async (request) => {
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

    if (!(await consumeSmsCode(db, body.mobile, SMS_MODE.register, body.smscode)))
      throw bizError(AUTH_MSG.smsCodeInvalid);
    if (await usernameTaken(db, body.username)) throw bizError(AUTH_MSG.usernameTaken);
    const [sameCode] = await idsWhere(
      db,
      hyCustomer,
      eq(hyCustomer.tenantId, 0),
      eq(hyCustomer.creditCode, body.creditCode),
    ).limit(1);
    if (sameCode) throw bizError(AUTH_MSG.creditCodeTaken);
    const hashed = await hashPassword(body.password);
    const adminRole = await roleIdByCode(db, 'customer_admin');
    const customerId = newId();
    // A random name: a path made of the customer's id and the day could be guessed by anyone.
    const licenseImg = randomStoredName('customer/licence', type.ext);
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
        await recordFile(
          tx,
          { path: licenseImg, biz: 'customer/licence', originalName: null },
          { uploaderId: userId, uploaderType: USER_TYPE.customerAdmin, partyId: customerId },
        );
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
    tablesWritten(db, hyCustomer);
    await pendingCountsChanged(ctx);
    return ok({ customerId, state: REVIEW_STATE.pending }, AUTH_MSG.customerRegisterOk);
  });
}
