/** The account endpoints the sign-in pages call, apart from the other pages' (lib/api-paths.ts). */
export const authApiPaths = {
  register: '/api/auth/register',
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  google: '/api/auth/google',
  forgotPassword: '/api/auth/forgot-password',
  resetPassword: (id: string, token: string) =>
    `/api/auth/reset-password/${encodeURIComponent(id)}/${encodeURIComponent(token)}`,
  verifyEmail: '/api/auth/verify-email',
  resendVerification: '/api/auth/verify-email/resend',
} as const;
