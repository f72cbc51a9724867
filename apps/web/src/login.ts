/**
 * The login page's entry (login.html): its markup is in the HTML already (rendered at build time), this
 * makes it work. No React and no app code beyond the sign-in helpers — see features/auth/login.
 */
import './app/global.css';
import './components/shared-ui.css';
import './features/auth/login/login-page.css';
import { startLoginPage } from './features/auth/login/login-page';

startLoginPage();
