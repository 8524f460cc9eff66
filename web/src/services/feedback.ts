// antd feedback APIs usable outside React (request layer, stores). The root's feedback bridge installs the
// context-aware instances (theme, locale) once a user has signed in. Before that (public pages) messages,
// dialogs and notifications load antd's static functions on first use: they are rare there, and
// keeping them out of the first bundle keeps the login page within its weight budget.
import type { App } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;
type MessageInstance = AppApi['message'];
type NotificationInstance = AppApi['notification'];
type ModalHookAPI = AppApi['modal'];

interface Feedback {
  message: MessageInstance;
  notification: NotificationInstance;
  modal: ModalHookAPI;
}

/** An object whose methods load a module first and then call the same method on it. */
function deferred<T extends object>(load: () => Promise<T>, methods: readonly (keyof T)[]): T {
  const proxy: Partial<Record<keyof T, unknown>> = {};
  for (const name of methods) {
    proxy[name] = (...args: unknown[]) => {
      void load().then((api) => (api[name] as (...a: unknown[]) => unknown)(...args));
      // The handle of a dialog opened later cannot be returned now; callers outside React do not use it.
      // biome-ignore lint/suspicious/noThenProperty: antd's dialog handle type declares `then`; undefined keeps it unawaitable
      return { destroy: () => undefined, update: () => undefined, then: undefined };
    };
  }
  return proxy as T;
}

const lazyModal = deferred<ModalHookAPI>(
  async () => (await import('antd/es/modal')).default as unknown as ModalHookAPI,
  ['confirm', 'info', 'success', 'error', 'warning'],
);
const lazyMessage = deferred<MessageInstance>(
  async () => (await import('antd/es/message')).default as unknown as MessageInstance,
  ['open', 'info', 'success', 'error', 'warning', 'loading', 'destroy'],
);
const lazyNotification = deferred<NotificationInstance>(
  async () => (await import('antd/es/notification')).default as unknown as NotificationInstance,
  ['open', 'info', 'success', 'error', 'warning', 'destroy'],
);

const defaults: Feedback = {
  message: lazyMessage,
  notification: lazyNotification,
  modal: lazyModal,
};
const current: Feedback = { ...defaults };

export function installFeedback(next: Feedback): void {
  current.message = next.message;
  current.notification = next.notification;
  current.modal = next.modal;
}

export const feedback = {
  get message(): MessageInstance {
    return current.message;
  },
  get notification(): NotificationInstance {
    return current.notification;
  },
  get modal(): ModalHookAPI {
    return current.modal;
  },
};
