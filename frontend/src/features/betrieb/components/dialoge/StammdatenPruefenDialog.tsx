import { useQuery } from '@tanstack/react-query';
import { AntragPruefung, begruendungFehlt as fehlt } from '@/components/akte/AntragPruefung';
import type { Betrieb } from '@/features/betrieb/api/betrieb';
import { useLehneStammdatenAntragAb } from '@/features/betrieb/api/lehne-stammdaten-antrag-ab';
import { antragQuery, ANTRAGSFELDER, type Antragsfeld, type OffenerAntrag } from '@/features/betrieb/api/stammdaten-antrag';
import { useUebernehmeStammdatenAntrag } from '@/features/betrieb/api/uebernehme-stammdaten-antrag';
import { BETRIEB_FELDNAMEN } from '@/features/betrieb/feldnamen';

export { MSG_ABGELEHNT, MSG_UEBERNOMMEN } from '@/components/akte/AntragPruefung';
export const PRUEFEN_TITEL = 'Stammdatenänderungsantrag prüfen';

/** The labels of the application's fields: the operation form's (one place for form and Verlauf). */
export const FELDNAMEN: Record<Antragsfeld, string> = Object.fromEntries(ANTRAGSFELDER.map((f) => [f, BETRIEB_FELDNAMEN[f]])) as Record<
  Antragsfeld,
  string
>;

/** As the server says it when a refused field has no reason. */
export const begruendungFehlt = (f: Antragsfeld) => fehlt(FELDNAMEN[f]);

const anzeige = (v: string | boolean | undefined | null) => (typeof v === 'boolean' ? (v ? 'Ja' : 'Nein') : v || '–');

/** The current value of an application field. */
function aktuellerWert(b: Betrieb, f: Antragsfeld): string | boolean {
  switch (f) {
    case 'betreiberAdresse':
      return !!b.betreiberAdresse;
    case 'strasse':
    case 'hausnummer':
    case 'plz':
    case 'ort':
      return b.adresse?.[f] ?? '';
    default:
      return b[f] ?? '';
  }
}

/** The fields whose requested value differs from the current one, in form order. */
export function geaenderteFelder(b: Betrieb, a: OffenerAntrag) {
  return ANTRAGSFELDER.filter((f) => (a[f] ?? (f === 'betreiberAdresse' ? false : '')) !== aktuellerWert(b, f)).map((f) => ({
    feld: f,
    bezeichnung: FELDNAMEN[f],
    aktuell: anzeige(aktuellerWert(b, f)),
    beantragt: anzeige(a[f]),
  }));
}

export interface StammdatenPruefenDialogProps {
  betrieb: Betrieb;
  onClose: () => void;
}

/** Staff review an operator's Stammdaten-Antrag field by field (the shared AntragPruefung). */
export function StammdatenPruefenDialog({ betrieb, onClose }: StammdatenPruefenDialogProps) {
  const id = String(betrieb.id);
  const antrag = useQuery(antragQuery(id));
  const uebernehmen = useUebernehmeStammdatenAntrag({ meta: { globalErrorHandling: false } });
  const ablehnen = useLehneStammdatenAntragAb({ meta: { globalErrorHandling: false } });
  const a = antrag.isPending ? undefined : (antrag.data?.stammdaten ?? null);
  return (
    <AntragPruefung<Antragsfeld>
      titel={PRUEFEN_TITEL}
      antrag={a}
      keinAntrag="Es liegt kein offener Stammdatenänderungsantrag vor."
      zeilen={a ? geaenderteFelder(betrieb, a) : []}
      uebernehmen={(felder, begruendungen) => uebernehmen.mutateAsync({ id, felder, begruendungen })}
      ablehnen={(begruendungen) => ablehnen.mutateAsync({ id, begruendungen })}
      fehlertexte={{ uebernehmen: 'Die Daten konnten nicht übernommen werden.', ablehnen: 'Der Antrag konnte nicht abgelehnt werden.' }}
      onClose={onClose}
    />
  );
}
