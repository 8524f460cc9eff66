// A form with unsaved input asks before it is thrown away: by Esc, the close button, the console tab's
// close or the browser tab's close.
import { App } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useBilingual } from '../resource/text';
import { useUnsavedRegistry } from './unsavedRegistry';

export interface DirtyGuard {
  /** Marks the form as changed (the form's onValuesChange). */
  touch: () => void;
  /** Forgets the changes: after a save, or when the form opens anew. */
  reset: () => void;
  /** Closes at once when nothing changed, else after the user agrees to discard. */
  requestClose: () => void;
}

export function useDirtyGuard(open: boolean, close: () => void): DirtyGuard {
  const tx = useBilingual();
  const { modal } = App.useApp();
  const dirty = useRef(false);
  const register = useUnsavedRegistry((s) => s.register);
  const reset = useCallback(() => {
    dirty.current = false;
  }, []);
  const touch = useCallback(() => {
    dirty.current = true;
  }, []);
  // A modal form reports one Esc or close click twice (its onCancel and its onOpenChange): one question.
  const asking = useRef(false);
  const requestClose = useCallback(() => {
    if (!dirty.current) {
      close();
      return;
    }
    if (asking.current) return;
    asking.current = true;
    modal.confirm({
      title: tx(['放弃未保存的内容？', 'Discard unsaved changes?']),
      content: tx([
        '表单中有尚未保存的输入，关闭后将丢失。',
        'The form holds input that has not been saved.',
      ]),
      okText: tx(['放弃', 'Discard']),
      cancelText: tx(['继续编辑', 'Keep editing']),
      okButtonProps: { danger: true },
      onOk: () => {
        dirty.current = false;
        close();
      },
      afterClose: () => {
        asking.current = false;
      },
    });
  }, [close, modal, tx]);

  useEffect(() => {
    if (!open) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirty.current) return;
      event.preventDefault();
      // Chromium still needs returnValue set to ask.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    const unregister = register(() => dirty.current);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      unregister();
    };
  }, [open, register]);

  return { touch, reset, requestClose };
}
