export { AuthProvider, type AuthNavigation } from './AuthProvider';
export { useAuth, type AuthContextValue } from './AuthContext';
export type { AuthView, OpenAuthOptions } from './auth-view';
export { CART_STORAGE_KEY, VIP_GATE_STORAGE_KEY } from './auth-storage';
export { AuthContext } from './AuthContext';
export { sessionIdentity, AUTH_SESSION_STORAGE_KEY } from './auth-session';
export { normalizeEmail, validateEmail } from './validation';
export type { EmailCheckInfo } from '../../api/users-api';
