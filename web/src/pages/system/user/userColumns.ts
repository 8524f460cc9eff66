// The columns that name a user in the small user tables (a role's users, the recycle bin).
import { userResource } from '@freight/contracts';
import type { Bilingual } from '../../../components/resource/types';

const { username, realname, phone } = userResource.fields;

export const userColumns = (tx: (text: Bilingual) => string) => [
  { title: tx(username.label), dataIndex: 'username', width: 140 },
  { title: tx(realname.label), dataIndex: 'realname', width: 120 },
  { title: tx(phone.label), dataIndex: 'phone', width: 130 },
];
