import type { RouteObject } from 'react-router';

// Each page is its own lazy chunk.
export const authRoutes: RouteObject[] = [
  { path: 'login', lazy: async () => ({ Component: (await import('./pages/login-page')).LoginPage }) },
  { path: 'signup', lazy: async () => ({ Component: (await import('./pages/signup-page')).SignupPage }) },
  {
    path: 'role-login',
    lazy: async () => ({ Component: (await import('./pages/role-login-page')).RoleLoginPage }),
  },
  {
    path: 'forgot-password',
    lazy: async () => ({ Component: (await import('./pages/forgot-password-page')).ForgotPasswordPage }),
  },
  {
    path: 'reset-password',
    lazy: async () => ({ Component: (await import('./pages/reset-password-page')).ResetPasswordPage }),
  },
  { path: 'profile', lazy: async () => ({ Component: (await import('./pages/profile-page')).ProfilePage }) },
];
