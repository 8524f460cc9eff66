// 定时任务 (component `system/QuartzJobList`): jobs from the registry of real jobs in the server code, cron
// checked as it is typed, parameter JSON; start, stop, run once; run history with duration, error, misfires.

import { JOB_STATE, quartzJobResource } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Spin } from 'antd';
import { useState } from 'react';
import { pageOf, ResourceListPage } from '../../../components/resource';
import { useBilingual } from '../../../components/resource/text';
import { twoStateTags } from '../../../components/resource/twoStateField';
import type { Bilingual } from '../../../components/resource/types';
import { api } from '../../../services/request';
import { JsonTextArea } from '../components/ops/JsonTextArea';
import { useOpsScreen } from '../components/ops/useOpsScreen';
import { CronFormItem } from './components/CronInput';
import { JobHistoryDrawer, type JobRun } from './components/JobHistoryDrawer';

interface JobKey {
  value: string;
  text: string;
  description: string;
}

const [running, stopped] = quartzJobResource.fields.status.options;

export default function QuartzJobList() {
  const tx = useBilingual();
  const { message } = App.useApp();
  const [history, setHistory] = useState<{ id: string; title: string } | null>(null);
  const keys = useQuery({
    queryKey: ['quartzJobKeys'],
    queryFn: () => api.get<JobKey[]>('/sys/quartzJob/jobKeys'),
    staleTime: 300_000,
  });

  const def = useOpsScreen([keys.data, message], () => {
    const jobTitle = (key: unknown) => keys.data?.find((k) => k.value === key)?.text ?? String(key ?? '');
    /** Starts or stops a job and tells so. */
    const switchJob =
      (path: 'resume' | 'pause', done: Bilingual) =>
      async (row: Record<string, unknown>, { reload }: { reload: () => void }) => {
        await api.get(`/sys/quartzJob/${path}`, { id: row.id });
        message.success(tx(done));
        reload();
      };
    return {
      ...pageOf(quartzJobResource, {
        fields: {
          jobClassName: {
            options: (keys.data ?? []).map((k) => ({ value: k.value, label: `${k.text}（${k.value}）` })),
            render: (value) => (
              <span>
                {jobTitle(value)}
                <br />
                <small style={{ color: '#8c8c8c' }}>{String(value ?? '')}</small>
              </span>
            ),
          },
          cronExpression: { renderFormItem: (ctx) => <CronFormItem {...ctx} /> },
          parameter: {
            renderFormItem: (ctx) => (
              <JsonTextArea ctx={ctx} shape="object" placeholder='{"batchSize":100}' />
            ),
          },
          status: { render: twoStateTags(running, stopped) },
        },
      }),
      addDefaults: { cronExpression: '0 0/10 * * * ?', status: JOB_STATE.stopped },
      rowActions: [
        {
          key: 'resume',
          label: ['启动', 'Start'],
          perm: 'system:quartz:edit',
          visible: (row) => Number(row.status) !== JOB_STATE.running,
          run: switchJob('resume', ['启动定时任务成功', 'Job started']),
        },
        {
          key: 'pause',
          label: ['停止', 'Stop'],
          perm: 'system:quartz:edit',
          visible: (row) => Number(row.status) === JOB_STATE.running,
          confirm: ['确定停止该任务吗?', 'Stop this job?'],
          run: switchJob('pause', ['停止定时任务成功', 'Job stopped']),
        },
        {
          key: 'execute',
          label: ['执行一次', 'Run once'],
          perm: 'system:quartz:edit',
          confirm: ['确定立即执行一次吗?', 'Run this job now?'],
          run: async (row) => {
            const run = await api.get<JobRun>('/sys/quartzJob/execute', { id: row.id });
            const took = `${(run.durationMs ?? 0).toLocaleString()} ms`;
            if (run.success === 1) message.success(`${tx(['执行成功', 'Succeeded'])} · ${took}`);
            else message.error(`${tx(['执行失败', 'Failed'])}：${run.error ?? ''}`);
            setHistory({ id: String(row.id), title: jobTitle(row.jobClassName) });
          },
        },
        {
          key: 'history',
          label: ['执行记录', 'History'],
          run: (row) => setHistory({ id: String(row.id), title: jobTitle(row.jobClassName) }),
        },
      ],
    };
  });

  if (keys.isLoading) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  return (
    <>
      <ResourceListPage def={def} />
      <JobHistoryDrawer job={history} onClose={() => setHistory(null)} />
    </>
  );
}
