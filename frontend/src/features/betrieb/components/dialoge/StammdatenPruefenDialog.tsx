import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '@/components/Button';
import { Dialog } from '@/components/Dialog';
import { Laden } from '@/components/Laden';
import { inputClass } from '@/components/FormField';
import { LAENGEN } from '@/lib/laengen';
import { MSG_MINDESTENS_EINS } from '@/lib/form';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import type { Betrieb } from '@/features/betrieb/api/betrieb';
import { useLehneStammdatenAntragAb } from '@/features/betrieb/api/lehne-stammdaten-antrag-ab';
import { antragQuery, ANTRAGSFELDER, type Antragsfeld, type OffenerAntrag } from '@/features/betrieb/api/stammdatenAntrag';
import { useUebernehmeStammdatenAntrag } from '@/features/betrieb/api/uebernehme-stammdaten-antrag';
import { zeigeAktionsfehler } from '@/features/betrieb/components/fehler';
import { ApiError } from '@/lib/api';
import { BETRIEB_FELDNAMEN } from '@/features/betrieb/feldnamen';

// Verbatim texts of spec 000 §8 "Change-application review".
export const MSG_UEBERNOMMEN = 'Daten wurden übernommen und der Antrag gelöscht';
export const MSG_ABGELEHNT = 'Daten wurden abgelehnt und der Antrag gelöscht';
export const PRUEFEN_TITEL = 'Stammdatenänderungsantrag prüfen';

/** The labels of the application's fields: the operation form's (one place for form and Verlauf). */
export const FELDNAMEN: Record<Antragsfeld, string> = Object.fromEntries(ANTRAGSFELDER.map((f) => [f, BETRIEB_FELDNAMEN[f]])) as Record<
  Antragsfeld,
  string
>;

/** As the server says it when a refused field has no reason. */
export const begruendungFehlt = (f: Antragsfeld) => `Bitte begründen Sie, warum „${FELDNAMEN[f]}“ nicht übernommen wird.`;

const anzeige = (v: string | boolean | undefined) => (typeof v === 'boolean' ? (v ? 'Ja' : 'Nein') : v || '–');

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
    aktuell: anzeige(aktuellerWert(b, f)),
    beantragt: anzeige(a[f]),
  }));
}

export interface StammdatenPruefenDialogProps {
  betrieb: Betrieb;
  onClose: () => void;
}

/**
 * Staff review an operator's Stammdaten-Antrag field by field: 'Übernehmen' adopts the checked
 * fields, 'Ablehnen' rejects all; the application is deleted in both cases.
 */
export function StammdatenPruefenDialog({ betrieb, onClose }: StammdatenPruefenDialogProps) {
  const id = String(betrieb.id);
  const fehlerId = useId();
  const antrag = useQuery(antragQuery(id));
  const [gewaehlt, setGewaehlt] = useState<Antragsfeld[]>([]);
  const [fehler, setFehler] = useState<string | undefined>();
  const [gruende, setGruende] = useState<Partial<Record<Antragsfeld, string>>>({});
  const [grundFehler, setGrundFehler] = useState<Partial<Record<Antragsfeld, string>>>({});

  /** The server's missing reasons (begruendungen.<feld>) at their rows; other errors as before. */
  const serverfehler = (text: string) => (e: unknown) => {
    if (e instanceof ApiError && e.status === 400) {
      const f: Partial<Record<Antragsfeld, string>> = {};
      for (const [k, m] of Object.entries(e.validationErrors)) if (k.startsWith('begruendungen.')) f[k.slice(14) as Antragsfeld] = m;
      if (Object.keys(f).length > 0) {
        setGrundFehler(f);
        return;
      }
    }
    zeigeAktionsfehler(e, text);
  };
  /** Every refused field needs a reason; marks the rows without one and focuses the first. */
  const begruendet = (abgelehnt: Antragsfeld[]) => {
    const f: Partial<Record<Antragsfeld, string>> = {};
    for (const feld of abgelehnt) if (!gruende[feld]?.trim()) f[feld] = begruendungFehlt(feld);
    setGrundFehler(f);
    const erster = abgelehnt.find((x) => f[x]);
    if (erster) document.getElementById(`${fehlerId}-grund-${erster}`)?.focus();
    return !erster;
  };
  const begruendungen = (abgelehnt: Antragsfeld[]) => Object.fromEntries(abgelehnt.map((f) => [f, gruende[f]?.trim() ?? '']));

  const fertig = (text: string) => {
    toast.success(text);
    onClose();
  };
  const uebernehmen = useUebernehmeStammdatenAntrag({
    meta: { globalErrorHandling: false },
    onSuccess: () => fertig(MSG_UEBERNOMMEN),
    onError: serverfehler('Die Daten konnten nicht übernommen werden.'),
  });
  const ablehnen = useLehneStammdatenAntragAb({
    meta: { globalErrorHandling: false },
    onSuccess: () => fertig(MSG_ABGELEHNT),
    onError: serverfehler('Der Antrag konnte nicht abgelehnt werden.'),
  });
  const laeuft = uebernehmen.isPending || ablehnen.isPending;

  const a = antrag.data?.stammdaten ?? null;
  const zeilen = a ? geaenderteFelder(betrieb, a) : [];

  const onUebernehmen = () => {
    // only fields that differ can be checked; the order is the form's
    const felder = ANTRAGSFELDER.filter((f) => gewaehlt.includes(f) && zeilen.some((z) => z.feld === f));
    if (felder.length === 0) {
      setFehler(MSG_MINDESTENS_EINS);
      document.getElementById(`${fehlerId}-${zeilen[0]?.feld}`)?.focus();
      return;
    }
    const abgelehnt = zeilen.map((z) => z.feld).filter((f) => !felder.includes(f));
    if (!begruendet(abgelehnt)) return;
    uebernehmen.mutate({ id, felder, begruendungen: begruendungen(abgelehnt) });
  };

  const onAblehnen = () => {
    const abgelehnt = zeilen.map((z) => z.feld);
    if (!begruendet(abgelehnt)) return;
    ablehnen.mutate({ id, begruendungen: begruendungen(abgelehnt) });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={PRUEFEN_TITEL}
      width={800}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Abbrechen
          </Button>
          {a && (
            <>
              <Button variant="danger" disabled={laeuft} onClick={onAblehnen}>
                Ablehnen
              </Button>
              <Button disabled={laeuft} onClick={onUebernehmen}>
                Übernehmen
              </Button>
            </>
          )}
        </>
      }
    >
      {antrag.isPending ? (
        <Laden />
      ) : !a ? (
        <p>Es liegt kein offener Stammdatenänderungsantrag vor.</p>
      ) : (
        <div className="space-y-4">
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
            {a.gestelltAm && (
              <>
                <dt className="font-semibold">Gestellt am</dt>
                <dd>{formatDate(a.gestelltAm)}</dd>
              </>
            )}
            <dt className="font-semibold">Kommentar</dt>
            <dd className="whitespace-pre-wrap">{a.kommentar || '–'}</dd>
          </dl>
          <p className="text-sm">
            Wählen Sie die Felder, deren beantragten Wert Sie übernehmen. Jedes Feld, das Sie nicht übernehmen, braucht eine Begründung –
            der Betreiber erfährt so, warum.
          </p>
          <div className="overflow-x-auto rounded border border-gray-300">
            <table className="w-full border-collapse text-sm" aria-describedby={fehler ? fehlerId : undefined}>
              <caption className="sr-only">Beantragte Änderungen</caption>
              <thead className="bg-gray-100 text-left">
                <tr>
                  <th scope="col" className="border-b border-gray-300 px-3 py-2">
                    Feld
                  </th>
                  <th scope="col" className="border-b border-gray-300 px-3 py-2">
                    Aktueller Wert
                  </th>
                  <th scope="col" className="border-b border-gray-300 px-3 py-2">
                    Beantragter Wert
                  </th>
                  <th scope="col" className="border-b border-gray-300 px-3 py-2">
                    Übernehmen
                  </th>
                  <th scope="col" className="border-b border-gray-300 px-3 py-2">
                    Begründung der Ablehnung
                  </th>
                </tr>
              </thead>
              <tbody>
                {zeilen.length === 0 && (
                  <tr>
                    <td colSpan={5} className="px-3 py-4 text-center text-gray-700">
                      Keine Einträge vorhanden
                    </td>
                  </tr>
                )}
                {zeilen.map((z) => (
                  <tr key={z.feld} className="border-b border-gray-200">
                    <th scope="row" className="px-3 py-2 text-left font-medium">
                      {FELDNAMEN[z.feld]}
                    </th>
                    <td className="px-3 py-2">{z.aktuell}</td>
                    <td className="px-3 py-2">{z.beantragt}</td>
                    <td className="px-3 py-2">
                      <input
                        id={`${fehlerId}-${z.feld}`}
                        type="checkbox"
                        className="h-4 w-4"
                        aria-label={`${FELDNAMEN[z.feld]} übernehmen`}
                        aria-invalid={fehler ? true : undefined}
                        checked={gewaehlt.includes(z.feld)}
                        onChange={(e) => {
                          setFehler(undefined);
                          setGewaehlt((g) => (e.target.checked ? [...g, z.feld] : g.filter((f) => f !== z.feld)));
                          setGrundFehler((g) => ({ ...g, [z.feld]: undefined }));
                        }}
                      />
                    </td>
                    <td className="px-3 py-2">
                      <textarea
                        id={`${fehlerId}-grund-${z.feld}`}
                        rows={1}
                        maxLength={LAENGEN.begruendung}
                        className={`${inputClass} min-w-48`}
                        aria-label={`Begründung zu ${FELDNAMEN[z.feld]}`}
                        aria-invalid={grundFehler[z.feld] ? true : undefined}
                        aria-describedby={grundFehler[z.feld] ? `${fehlerId}-grund-${z.feld}-fehler` : undefined}
                        value={gruende[z.feld] ?? ''}
                        onChange={(e) => {
                          setGruende((g) => ({ ...g, [z.feld]: e.target.value }));
                          setGrundFehler((g) => ({ ...g, [z.feld]: undefined }));
                        }}
                      />
                      {grundFehler[z.feld] && (
                        <p id={`${fehlerId}-grund-${z.feld}-fehler`} role="alert" className="mt-1 text-xs text-red-700">
                          {grundFehler[z.feld]}
                        </p>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {fehler && (
            <p id={fehlerId} role="alert" className="text-sm text-red-700">
              {fehler}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
