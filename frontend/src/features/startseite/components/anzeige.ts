import type { Nachricht } from '@/features/startseite/api/nachrichten';
import { formatDateTimeMinutes } from '@/lib/format';

/** 'dd.MM.yyyy HH:mm' in local time. */
export const formatSendezeit = (iso: string): string => formatDateTimeMinutes(iso);

/** The screen a message refers to (an operation's or a plant's file), read mode. */
export function bezugPfad(n: Pick<Nachricht, 'bezugZuFachobjekt' | 'fachobjektId'> & { pfad?: string }): string | undefined {
  if (n.pfad) return `${n.pfad}?modus=l`;
  if (!n.bezugZuFachobjekt?.startsWith('BETRIEB') || !n.fachobjektId) return undefined;
  return `/betriebsakte/${n.fachobjektId}/betriebsdaten?modus=l`;
}
