import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { App, MessageArgsProps, ModalFuncProps, NotificationArgsProps } from 'antd';
import type { FeedbackHoldersProps } from './feedback-holders';
import { AFTER_PAGE_MS } from './after-page';

/** antd's message, notification and modal instances, as its App gives them. */
export type FeedbackApis = ReturnType<typeof App.useApp>;

/** What the app asks of them. Every call returns at once; what it shows appears once antd's code is there. */
export interface Feedback {
  message: {
    open(args: MessageArgsProps): void;
    success(content: string): void;
    error(content: string): void;
    warning(content: string): void;
    loading(args: MessageArgsProps): void;
    destroy(key: string): void;
  };
  notification: Record<'success' | 'info' | 'warning' | 'error', (args: NotificationArgsProps) => void>;
  modal: Record<'confirm' | 'info', (props: ModalFuncProps) => void>;
}

const FeedbackContext = createContext<Feedback | null>(null);

let loadedHolders: ComponentType<FeedbackHoldersProps> | undefined;
const loadHolders = () =>
  import('./feedback-holders').then((module) => (loadedHolders = module.FeedbackHolders));

/** Loads the holders' code now: a provider mounted after that has them from its first render. */
export const preloadFeedback = () => loadHolders();

/**
 * Messages, notifications and confirmation windows (antd's, themed by the ConfigProvider above). antd's
 * App puts their code (≈ 14 KB gzip: the modal, notification and message engines) into the first load of
 * every page, where nothing is shown yet; here it loads a moment after the page, or at the first call if
 * that comes sooner (issue 15). Calls made before it has loaded are shown in order once it has.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [Holders, setHolders] = useState(() => loadedHolders);
  const apis = useRef<FeedbackApis | null>(null);
  const waiting = useRef<((apis: FeedbackApis) => void)[]>([]);
  const loading = useRef(Holders !== undefined);

  const load = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    loadHolders().then(
      // In slices (a transition): the engines' first render was one task (issue 40).
      (holders) => startTransition(() => setHolders(() => holders)),
      () => {
        // Offline before the code was cached: there is nothing to show them with; a later call tries again.
        loading.current = false;
        waiting.current = [];
      },
    );
  }, []);

  const feedback = useMemo<Feedback>(() => {
    const run = (call: (apis: FeedbackApis) => void) => {
      if (apis.current) return call(apis.current);
      waiting.current.push(call);
      load();
    };
    const notification = (type: keyof Feedback['notification']) => (args: NotificationArgsProps) =>
      run((a) => a.notification[type](args));
    return {
      message: {
        open: (args) => run((a) => void a.message.open(args)),
        success: (content) => run((a) => void a.message.success(content)),
        error: (content) => run((a) => void a.message.error(content)),
        warning: (content) => run((a) => void a.message.warning(content)),
        loading: (args) => run((a) => void a.message.loading(args)),
        destroy: (key) => run((a) => a.message.destroy(key)),
      },
      notification: {
        success: notification('success'),
        info: notification('info'),
        warning: notification('warning'),
        error: notification('error'),
      },
      modal: {
        confirm: (props) => run((a) => void a.modal.confirm(props)),
        info: (props) => run((a) => void a.modal.info(props)),
      },
    };
  }, [load]);

  const onReady = useCallback((ready: FeedbackApis) => {
    apis.current = ready;
    for (const call of waiting.current.splice(0)) call(ready);
  }, []);

  useEffect(() => {
    // Once the page is up, the holders load and mount: the first message then shows without a download.
    const timer = setTimeout(load, AFTER_PAGE_MS);
    return () => clearTimeout(timer);
  }, [load]);

  return (
    <FeedbackContext.Provider value={feedback}>
      {children}
      {Holders && <Holders onReady={onReady} />}
    </FeedbackContext.Provider>
  );
}

export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useFeedback needs a FeedbackProvider above (lib/theme.tsx)');
  return feedback;
}
