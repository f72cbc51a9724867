import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { openLoginPage, setRegistrationCarwashId } from '../../../lib/auth-redirect';

/**
 * `/registration/callback?carwash_id=…` (S1 §2): the carwash id is kept under the registration key and
 * sent with the sign-in, whose answer selects the station; then on to the login page.
 */
export function RegistrationCallbackPage() {
  const [params] = useSearchParams();
  const carwashId = params.get('carwash_id')?.trim();

  useEffect(() => {
    if (carwashId && carwashId.length <= 64) setRegistrationCarwashId(carwashId);
    openLoginPage();
  }, [carwashId]);

  return <LoadingOverlay message="Перенаправление..." />;
}
