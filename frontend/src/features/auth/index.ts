export { AuthProvider, type AuthNavigation } from './AuthProvider';
export { useAuth, type AuthContextValue } from './AuthContext';
export type { AuthView, OpenAuthOptions } from './auth-view';
export { CART_STORAGE_KEY, VIP_GATE_STORAGE_KEY } from './auth-storage';
export { AccountMenu } from './AccountMenu';
