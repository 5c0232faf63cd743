import type { Nachricht } from '@/features/startseite/api/nachrichten';

/** 'dd.MM.yyyy HH:mm' in local time. */
export function formatSendezeit(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}.${p(d.getMonth() + 1)}.${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The screen a message refers to (an operation's or a plant's file), read mode. */
export function bezugPfad(n: Pick<Nachricht, 'bezugZuFachobjekt' | 'fachobjektId'> & { pfad?: string }): string | undefined {
  if (n.pfad) return `${n.pfad}?modus=l`;
  if (!n.bezugZuFachobjekt?.startsWith('BETRIEB') || !n.fachobjektId) return undefined;
  return `/betriebsakte/${n.fachobjektId}/betriebsdaten?modus=l`;
}
