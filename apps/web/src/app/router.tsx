import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { PageLoader } from '../components/page-loader';
// The landing page is the first load of most visitors: it comes with the entry, not one round trip after it.
import { LandingPage } from '../features/landing/landing-page';
import { lazyPage } from '../lib/lazy-page';
import { ScrollToTop } from './scroll-to-top';

// Guards and layouts load on demand too, so the landing page does not download the session machinery.
const loadGuestArea = () => import('./routes/guest-area');
const GuestGuard = lazyPage(loadGuestArea, 'GuestGuard');
const AuthGuard = lazyPage(() => import('./guards/auth-guard'), 'AuthGuard');
const RoleLayout = lazyPage(() => import('./role-layout'), 'RoleLayout');

const loadAdminArea = () => import('./routes/admin-area');

const AboutPage = lazyPage(() => import('../features/info/about-page'), 'AboutPage');
const FaqPage = lazyPage(() => import('../features/info/faq-page'), 'FaqPage');
const SupportPage = lazyPage(() => import('../features/info/support-page'), 'SupportPage');
const TermsPage = lazyPage(() => import('../features/legal/terms-page'), 'TermsPage');
const PrivacyPage = lazyPage(() => import('../features/legal/privacy-page'), 'PrivacyPage');
const AuthRoute = lazyPage(loadGuestArea, 'AuthRoute');
const EmailVerifyRoute = lazyPage(loadGuestArea, 'EmailVerifyRoute');
const ForgotPasswordRoute = lazyPage(loadGuestArea, 'ForgotPasswordRoute');
const ResetPasswordRoute = lazyPage(loadGuestArea, 'ResetPasswordRoute');
const DashboardRoute = lazyPage(() => import('./routes/dashboard-route'), 'DashboardRoute');
const AdminUsersRoute = lazyPage(loadAdminArea, 'AdminUsersRoute');
const AdminUserDetailRoute = lazyPage(loadAdminArea, 'AdminUserDetailRoute');
const AdminTransactionsRoute = lazyPage(loadAdminArea, 'AdminTransactionsRoute');
const AdminAuditRoute = lazyPage(loadAdminArea, 'AdminAuditRoute');
const AdminReviewsRoute = lazyPage(loadAdminArea, 'AdminReviewsRoute');
const AdminJobsRoute = lazyPage(loadAdminArea, 'AdminJobsRoute');
const ReferralProgramRoute = lazyPage(() => import('./routes/referral-program-route'), 'ReferralProgramRoute');
const StatementRoute = lazyPage(() => import('./routes/statement-route'), 'StatementRoute');
const VerifyIdentityRoute = lazyPage(() => import('./routes/verify-identity-route'), 'VerifyIdentityRoute');
const RestrictedCountriesPage = lazyPage(
  () => import('../features/info/restricted-countries-page'),
  'RestrictedCountriesPage',
);
const CardDetailsRoute = lazyPage(() => import('./routes/card-details-route'), 'CardDetailsRoute');
const ProfileSettingsRoute = lazyPage(() => import('./routes/profile-settings-route'), 'ProfileSettingsRoute');
const DevOutboxRoute = lazyPage(() => import('./routes/dev-outbox-route'), 'DevOutboxRoute');
const SandboxCheckoutRoute = lazyPage(() => import('./routes/sandbox-checkout-route'), 'SandboxCheckoutRoute');
const SandboxCardSimulatorRoute = lazyPage(
  () => import('./routes/sandbox-card-simulator-route'),
  'SandboxCardSimulatorRoute',
);

/** Every route (docs/product-rules.md, Screens and navigation), each page loaded on demand. */
export function AppRoutes() {
  return (
    <ErrorBoundary>
      <ScrollToTop />
      <Suspense fallback={<PageLoader fullScreen />}>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/about" element={<AboutPage />} />
          <Route path="/faq" element={<FaqPage />} />
          <Route path="/support" element={<SupportPage />} />
          <Route path="/terms" element={<TermsPage />} />
          <Route path="/privacy" element={<PrivacyPage />} />
          <Route path="/restricted-countries" element={<RestrictedCountriesPage />} />
          <Route path="/dev/outbox" element={<DevOutboxRoute />} />
          <Route path="/sandbox/checkout/:uuid" element={<SandboxCheckoutRoute />} />
          <Route path="/sandbox/cards/:cardId" element={<SandboxCardSimulatorRoute />} />
          {/* Not guest-only: someone signed in to another account who opens a link is told so (decision 027). */}
          <Route path="/email/verify/:code" element={<EmailVerifyRoute />} />

          <Route element={<GuestGuard />}>
            <Route path="/login" element={<AuthRoute tab="login" />} />
            <Route path="/signup" element={<AuthRoute tab="signup" />} />
            <Route path="/password/forgot" element={<ForgotPasswordRoute />} />
            <Route path="/password/reset" element={<ResetPasswordRoute />} />
          </Route>

          <Route element={<AuthGuard roles={['admin', 'user']} />}>
            <Route element={<RoleLayout />}>
              <Route path="/dashboard" element={<DashboardRoute />} />
              <Route path="/profile-settings" element={<ProfileSettingsRoute />} />
              <Route element={<AuthGuard roles={['admin']} />}>
                <Route path="/users" element={<AdminUsersRoute />} />
                <Route path="/users/:id" element={<AdminUserDetailRoute />} />
                <Route path="/transactions" element={<AdminTransactionsRoute />} />
                <Route path="/audit" element={<AdminAuditRoute />} />
                <Route path="/reviews" element={<AdminReviewsRoute />} />
                <Route path="/jobs" element={<AdminJobsRoute />} />
              </Route>
              <Route element={<AuthGuard roles={['user']} />}>
                <Route path="/referral-program" element={<ReferralProgramRoute />} />
                <Route path="/statement" element={<StatementRoute />} />
                <Route path="/cards/:id" element={<CardDetailsRoute />} />
                <Route path="/verify" element={<VerifyIdentityRoute />} />
              </Route>
            </Route>
          </Route>

          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
