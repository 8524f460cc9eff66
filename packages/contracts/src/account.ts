import { z } from 'zod';
import { userFields } from './systemAccess.ts';

// 个人设置: what a signed-in user may change of their own account. The account name, mobile number (SMS
// verified), departments and roles are changed elsewhere.
export const profileBody = z.object({
  realname: userFields.realname,
  email: userFields.email,
  sex: userFields.sex,
  birthday: userFields.birthday,
  telephone: userFields.telephone,
  avatar: userFields.avatar,
});
export type ProfileBody = z.infer<typeof profileBody>;
