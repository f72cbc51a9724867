import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { openLoginPage } from '../../../lib/auth-redirect';
import { getSessionUserId } from '../../../lib/session';
import { telegramLogoutDialog, useLogout } from '../use-logout';
import { useFeedback } from '../../../lib/feedback';

/** `/logout`: ends the session and goes to the login page; impossible inside Telegram (S1 §4 step 10). */
export function LogoutPage() {
  const { logout, available } = useLogout();
  const navigate = useNavigate();
  const { modal } = useFeedback();
  const dialogShown = useRef(false);

  useEffect(() => {
    if (!available) {
      if (dialogShown.current) return;
      dialogShown.current = true;
      modal.info({
        ...telegramLogoutDialog,
        okText: 'Понятно',
        onOk: () => void navigate('/', { replace: true }),
      });
      return;
    }
    // A repeated call within 2 s (StrictMode's second effect, a double click) is ignored by the debounce;
    // if the session is already gone by then, there is nothing left to do but show the login page.
    void logout().then((done) => {
      if (!done && !getSessionUserId()) openLoginPage();
    });
  }, [available, logout, modal, navigate]);

  return <LoadingOverlay message="Выходим из аккаунта…" />;
}
