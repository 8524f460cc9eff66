// The columns that name a user in the small user tables (a role's users, the recycle bin).
import type { Bilingual } from '../../../components/resource/types';

export const userColumns = (tx: (text: Bilingual) => string) => [
  { title: tx(['用户账号', 'Account']), dataIndex: 'username', width: 140 },
  { title: tx(['用户姓名', 'Name']), dataIndex: 'realname', width: 120 },
  { title: tx(['手机号', 'Mobile']), dataIndex: 'phone', width: 130 },
];
