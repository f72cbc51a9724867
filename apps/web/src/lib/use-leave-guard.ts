import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { useFeedback } from './feedback';

interface LeaveGuardOptions {
  /** While a save is in flight, navigating away (the wizard moving on after it) is not asked about. */
  saving?: boolean;
}

/**
 * Unsaved changes: leaving for another page asks first (the texts of S2 §4 «Schedule»), and closing the
 * tab gets the browser's own warning.
 */
export function useLeaveGuard(dirty: boolean, { saving = false }: LeaveGuardOptions = {}) {
  const { modal } = useFeedback();
  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        dirty && !saving && currentLocation.pathname !== nextLocation.pathname,
      [dirty, saving],
    ),
  );
  const asking = useRef(false);
  useEffect(() => {
    // The blocker object changes identity while blocked: ask once per attempt.
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    modal.confirm({
      title: 'Покинуть страницу без сохранения?',
      content: 'Вы не сохранили ваши изменения',
      okText: 'Да, продолжить',
      cancelText: 'Нет, сохраню',
      onOk: () => {
        asking.current = false;
        blocker.proceed();
      },
      onCancel: () => {
        asking.current = false;
        blocker.reset();
      },
    });
  }, [blocker, modal]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
