import type { RouteObject } from 'react-router';

// Each page is its own lazy chunk.
export const authRoutes: RouteObject[] = [
  {
    path: 'login',
    handle: { title: 'Login — Agora' },
    lazy: async () => ({ Component: (await import('./pages/login-page')).LoginPage }),
  },
  {
    path: 'signup',
    handle: { title: 'Sign up — Agora' },
    lazy: async () => ({ Component: (await import('./pages/signup-page')).SignupPage }),
  },
  {
    path: 'role-login',
    handle: { title: 'Choose your role — Agora' },
    lazy: async () => ({ Component: (await import('./pages/role-login-page')).RoleLoginPage }),
  },
  {
    path: 'forgot-password',
    handle: { title: 'Forgot Password — Agora' },
    lazy: async () => ({ Component: (await import('./pages/forgot-password-page')).ForgotPasswordPage }),
  },
  {
    path: 'reset-password',
    handle: { title: 'Reset Password — Agora' },
    lazy: async () => ({ Component: (await import('./pages/reset-password-page')).ResetPasswordPage }),
  },
  {
    path: 'profile',
    handle: { title: 'My Profile — Agora', requireAuth: {} },
    lazy: async () => ({ Component: (await import('./pages/profile-page')).ProfilePage }),
  },
];
