import { istLeer, MSG_PFLICHTFELD, type Feldfehler } from '@/lib/form';

export interface LoginWerte {
  username: string;
  password: string;
}

/** Spec 002 §5: user name and password are required. */
export function pruefeLogin(w: LoginWerte): Feldfehler<keyof LoginWerte> {
  const f: Feldfehler<keyof LoginWerte> = {};
  if (istLeer(w.username)) f.username = MSG_PFLICHTFELD;
  if (w.password === '') f.password = MSG_PFLICHTFELD;
  return f;
}
