// A settings form over one stored record: the form is filled when the record arrives; saving checks the
// values with the contract's schema (its messages go under the fields), stores them, reads the record again
// and says so.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form } from 'antd';
import { useEffect } from 'react';
import type { z } from 'zod';
import { useBusyAction } from '../../../components/common/useBusyAction';
import { useBilingual } from '../../../components/resource/text';
import type { Bilingual } from '../../../components/resource/types';
import { api } from '../../../services/request';

interface Options<Stored, Values> {
  path: string;
  queryKey: string;
  schema: z.ZodType<Values>;
  /** The form's values of the stored record. */
  toForm: (stored: Stored) => Partial<Values>;
  /** After the record is stored (e.g. the console's header follows the new settings). */
  afterSave?: () => Promise<void>;
  saved: Bilingual;
}

export function useSettingsForm<Stored, Values extends object>({
  path,
  queryKey,
  schema,
  toForm,
  afterSave,
  saved,
}: Options<Stored, Values>) {
  const tx = useBilingual();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const { busy: saving, run: runSaving } = useBusyAction();
  const stored = useQuery({ queryKey: [queryKey], queryFn: () => api.get<Stored>(path) });
  // biome-ignore lint/correctness/useExhaustiveDependencies: toForm is the caller's inline mapping, fixed per form
  useEffect(() => {
    if (stored.data) form.setFieldsValue(toForm(stored.data) as Parameters<typeof form.setFieldsValue>[0]);
  }, [stored.data, form]);

  async function save() {
    const parsed = schema.safeParse(form.getFieldsValue(true));
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((issue) => ({
          name: issue.path[0] as Parameters<typeof form.setFields>[0][number]['name'],
          errors: [issue.message],
        })),
      );
      return;
    }
    await runSaving(async () => {
      await api.put<Stored>(path, parsed.data);
      await afterSave?.();
      void queryClient.invalidateQueries({ queryKey: [queryKey] });
      void message.success(tx(saved));
    });
  }

  return { form, stored, saving, save };
}
