// antd feedback APIs usable outside React (request layer, stores). The App bridge installs the
// context-aware instances (theme, locale); until then the static functions are used.
import {
  type App,
  message as staticMessage,
  Modal as staticModal,
  notification as staticNotification,
} from 'antd';

type AppApi = ReturnType<typeof App.useApp>;
type MessageInstance = AppApi['message'];
type NotificationInstance = AppApi['notification'];
type ModalHookAPI = AppApi['modal'];

interface Feedback {
  message: MessageInstance;
  notification: NotificationInstance;
  modal: ModalHookAPI;
}

const current: Feedback = {
  message: staticMessage as unknown as MessageInstance,
  notification: staticNotification as unknown as NotificationInstance,
  modal: staticModal as unknown as ModalHookAPI,
};

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
