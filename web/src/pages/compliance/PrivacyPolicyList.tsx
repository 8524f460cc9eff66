// 隐私政策: policy versions. A draft is edited; publishing a version asks every party user to
// accept it at their next sign-in (the console's consent dialog). A published version is never rewritten.
import { privacyPolicyResource } from '@freight/contracts';
import { useMemo } from 'react';
import { usePostAction } from '../../components/common/usePostAction';
import { pageOf, ResourceListPage, type ResourcePageDef } from '../../components/resource';
import { PageNote } from '../../components/resource/PageNote';

const perm = privacyPolicyResource.permission;

export default function PrivacyPolicyList() {
  const post = usePostAction();
  const def = useMemo<ResourcePageDef>(() => {
    const base = pageOf(privacyPolicyResource, {
      header: (
        <PageNote
          text={[
            '发布新版本后，货主、经纪人、车队长用户下次登录时须重新阅读并同意；司机在APP中同意。已发布的版本不能修改。',
            'Once a version is published, shipper, agent and captain users must accept it at their next sign-in; drivers accept in the app. A published version cannot be changed.',
          ]}
        />
      ),
      editable: (row) => !row.published,
      rowActions: [
        {
          key: 'publish',
          label: ['发布', 'Publish'],
          perm: `${perm}:publish`,
          visible: (row) => !row.published,
          confirm: [
            '发布后所有用户须重新同意，确定发布？',
            'Every user will be asked to accept it again. Publish?',
          ],
          run: async (row, helpers) => {
            await post('/privacy/policy/publish', { id: row.id });
            helpers.reload();
          },
        },
      ],
    });
    return base;
  }, [post]);
  return <ResourceListPage def={def} />;
}
