/**
 * The guest-only pages and their guard, behind one dynamic import: the guard's session check and the page's code
 * download together, so /login renders as soon as the check answers instead of fetching its page only then.
 */
export { GuestGuard } from '../guards/guest-guard';
export { AuthRoute } from './auth-route';
export { EmailVerifyRoute } from './email-verify-route';
export { ForgotPasswordRoute } from './forgot-password-route';
export { ResetPasswordRoute } from './reset-password-route';
