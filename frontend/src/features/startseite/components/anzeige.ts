import type { Nachricht } from '@/features/startseite/api/nachrichten';
import { formatDateTimeMinutes } from '@/lib/format';

/** 'dd.MM.yyyy HH:mm' in local time. */
export const formatSendezeit = (iso: string): string => formatDateTimeMinutes(iso);

/** The operation file a message refers to, when it refers to an operation. */
export function bezugPfad(n: Pick<Nachricht, 'bezugZuFachobjekt' | 'fachobjektId'>): string | undefined {
  if (!n.bezugZuFachobjekt?.startsWith('BETRIEB') || !n.fachobjektId) return undefined;
  return `/betriebsakte/${n.fachobjektId}/betriebsdaten?modus=l`;
}
